import type { Language, SaveDraftResponse, SubmitFormResponse, TmsCatalogueView, TmsFormDetailView } from '@gradus/contract';
import type { AppContext } from '../../../context';
import * as engine from '../../application-form/engine';
import type { TmsApplicant } from '../applicant';
import { tmsCatalogue } from './catalogue';
import { tmsForm } from './definition';

/** The tuimian form's calls: the form engine (application-form/engine.ts) run with the tuimian definition. */
export function tmsFormCatalogue(ctx: AppContext, applicant: TmsApplicant): Promise<TmsCatalogueView> {
  return tmsCatalogue(ctx.db, applicant.userId);
}

export async function tmsFormDetail(ctx: AppContext, applicant: TmsApplicant): Promise<TmsFormDetailView> {
  return (await engine.formDetail(tmsForm, ctx, applicant)) as TmsFormDetailView;
}

export function saveTmsDraft(ctx: AppContext, applicant: TmsApplicant, lang: Language, body: unknown): Promise<SaveDraftResponse> {
  return engine.saveDraft(tmsForm, ctx, applicant, lang, body);
}

export function submitTmsForm(ctx: AppContext, applicant: TmsApplicant, lang: Language, body: unknown): Promise<SubmitFormResponse> {
  return engine.submitForm(tmsForm, ctx, applicant, lang, body);
}
