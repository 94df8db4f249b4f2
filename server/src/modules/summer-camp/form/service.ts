import type { CampCatalogueView, CampFormDetailView, Language, SaveDraftResponse, SubmitFormResponse } from '@gradus/contract';
import type { AppContext } from '../../../context';
import * as engine from '../../application-form/engine';
import type { CampApplicant } from '../applicant';
import { campCatalogue } from './catalogue';
import { campForm } from './definition';

/** The summer-camp form's calls: the form engine (application-form/engine.ts) run with the camp definition. */

export function campFormCatalogue(ctx: AppContext, applicant: CampApplicant): Promise<CampCatalogueView> {
  return campCatalogue(ctx.db, applicant.recruitYear, ctx.clock.now());
}

export async function campFormDetail(ctx: AppContext, applicant: CampApplicant): Promise<CampFormDetailView> {
  return (await engine.formDetail(campForm, ctx, applicant)) as CampFormDetailView;
}

export function saveCampDraft(ctx: AppContext, applicant: CampApplicant, lang: Language, body: unknown): Promise<SaveDraftResponse> {
  return engine.saveDraft(campForm, ctx, applicant, lang, body);
}

export function submitCampForm(ctx: AppContext, applicant: CampApplicant, lang: Language, body: unknown): Promise<SubmitFormResponse> {
  return engine.submitForm(campForm, ctx, applicant, lang, body);
}
