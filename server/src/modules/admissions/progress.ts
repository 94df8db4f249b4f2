import { DEPARTMENT_REVIEW_STAGE, QUALIFICATION_REVIEW_STAGE, type AdmissionArea, type ApplicantReviewOutcome, type ApplicationProgressView, type ApplicationState } from '@gradus/contract';
import type { Selectable } from 'kysely';
import type { ApplicationFormTable, DB } from '../../db/database';

const iso = (ms: number | string | null | undefined) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

/**
 * Where an application of an area the chosen school reviews first (the summer camp's, the
 * recommended-exempt) stands, as its applicant reads it: the form's status, then the school's and
 * the graduate school's decisions. A fail's reason is shown only when it is the standing word.
 * Also the form's row, for what the area reads of it (the choices).
 */
export async function applicationProgress(
  db: DB,
  who: { userId: number; recruitYear: string },
  area: AdmissionArea,
): Promise<{ view: ApplicationProgressView; form: Selectable<ApplicationFormTable> | undefined }> {
  const form = await db.selectFrom('application_form').selectAll().where('user_id', '=', who.userId).where('recruit_year', '=', who.recruitYear).where('area', '=', area).executeTakeFirst();
  const decisions = await db
    .selectFrom('review_decision')
    .select(['stage', 'outcome', 'reason'])
    .where('user_id', '=', who.userId)
    .where('recruit_year', '=', who.recruitYear)
    .where('area', '=', area)
    .where('stage', 'in', [DEPARTMENT_REVIEW_STAGE, QUALIFICATION_REVIEW_STAGE])
    .execute();
  const decision = (stage: string) => decisions.find((d) => d.stage === stage);
  const school = decision(DEPARTMENT_REVIEW_STAGE);
  const office = decision(QUALIFICATION_REVIEW_STAGE);
  const outcome = (d: typeof school): ApplicantReviewOutcome => (d?.outcome === 'pass' || d?.outcome === 'fail' ? d.outcome : 'pending');
  let state: ApplicationState;
  if (!form) state = 'notStarted';
  else if (form.status === 'draft') state = 'draft';
  else if (form.status === 'returned') state = 'returned';
  else if (office) state = office.outcome === 'pass' ? 'eligible' : 'ineligible';
  else state = school?.outcome === 'fail' ? 'ineligible' : 'underReview';
  const reason = state === 'ineligible' ? ((office ?? school)?.reason ?? null) : null;
  return {
    view: {
      state,
      submittedAt: iso(form?.submitted_at),
      returnedUntil: state === 'returned' ? iso(form?.returned_until) : null,
      schoolReview: form ? outcome(school) : 'pending',
      officeReview: form ? outcome(office) : 'pending',
      reason,
    },
    form,
  };
}
