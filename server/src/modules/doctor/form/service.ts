import type { DraftSections, FormDetailView, FormSection, Language, SaveDraftResponse, SubmitFormResponse } from '@gradus/contract';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import * as engine from '../../application-form/engine';
import type { FormIssue } from '../../application-form/issues';
import type { DoctorApplicant } from '../applicant';
import { doctorForm } from './definition';

/** The doctoral form's calls: the form engine (application-form/engine.ts) run with the doctoral definition. */

export async function formDetail(ctx: AppContext, applicant: DoctorApplicant): Promise<FormDetailView> {
  return (await engine.formDetail(doctorForm, ctx, applicant)) as FormDetailView;
}

export function saveDraft(ctx: AppContext, applicant: DoctorApplicant, lang: Language, body: unknown): Promise<SaveDraftResponse> {
  return engine.saveDraft(doctorForm, ctx, applicant, lang, body);
}

/** Every problem of the stored sections against the complete rules, catalogue included (engine.completenessIssues). */
export function completenessIssues(db: DB, sections: DraftSections, now: number, applicant: DoctorApplicant, only?: readonly FormSection[]): Promise<FormIssue[]> {
  return engine.completenessIssues(doctorForm, db, sections, now, applicant, only);
}

export function submitForm(ctx: AppContext, applicant: DoctorApplicant, lang: Language, body: unknown): Promise<SubmitFormResponse> {
  return engine.submitForm(doctorForm, ctx, applicant, lang, body);
}
