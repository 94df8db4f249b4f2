import { DOCTOR_AREA, registerTypesOfCycle, RELEASES, RESULT_STAGES, REVIEW_STAGES, SCORE_KINDS, TICKET_KINDS, scoreRelease, ticketRelease, type Release, type ResultAsReleased } from '@gradus/contract';
import type { DB } from '../../../db/database';
import type { CycleRef, ReleaseOutcomeRow } from '../../admissions/journey';
import { fromHundredths } from './score-codec';
import { reviewResult, scoreResult, ticketResult } from './service';

/**
 * What each applicant of a doctoral cycle would read once a result is released: the decision of a
 * review stage, whether a ticket was issued, the score recorded. Applicants are those of the cycle
 * (the doctor cycle's register types 1 and 2, the gat cycle's 4) who submitted a form; one with
 * nothing recorded yet reads 'none'.
 */
export async function releaseOutcomes(db: DB, cycle: CycleRef, release: string): Promise<ReleaseOutcomeRow[]> {
  const { recruitYear } = cycle;
  const types = registerTypesOfCycle(cycle.area);
  if (!(RELEASES as readonly string[]).includes(release) || types.length === 0) return [];
  const applicants = await db
    .selectFrom('application_form as f')
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .select(['u.id', 'u.applicant_number', 'u.name', 'u.email'])
    .where('f.area', '=', DOCTOR_AREA)
    .where('f.recruit_year', '=', recruitYear)
    .where('f.submitted_at', 'is not', null)
    .where('u.user_register_type', 'in', types)
    .orderBy('u.applicant_number')
    .execute();
  const outcomeOf = await outcomes(db, recruitYear, release as Release);
  return applicants.map((a) => ({ userId: a.id, applicantNumber: a.applicant_number ?? '', name: a.name, email: a.email, outcome: outcomeOf.get(a.id) ?? 'none' }));
}

async function outcomes(db: DB, recruitYear: string, release: Release): Promise<Map<number, string>> {
  if ((REVIEW_STAGES as readonly string[]).includes(release)) {
    const rows = await db.selectFrom('review_decision').select(['user_id', 'outcome']).where('area', '=', DOCTOR_AREA).where('recruit_year', '=', recruitYear).where('stage', '=', release).execute();
    return new Map(rows.map((r) => [r.user_id, r.outcome]));
  }
  const ticketKind = TICKET_KINDS.find((k) => ticketRelease(k) === release);
  if (ticketKind) {
    const rows = await db.selectFrom('exam_ticket').select('user_id').where('area', '=', DOCTOR_AREA).where('recruit_year', '=', recruitYear).where('kind', '=', ticketKind).execute();
    return new Map(rows.map((r) => [r.user_id, 'ticket']));
  }
  const scoreKind = SCORE_KINDS.find((k) => scoreRelease(k) === release);
  if (scoreKind) {
    const rows = await db
      .selectFrom('exam_score')
      .select(['user_id', 'score_hundredths'])
      .where('area', '=', DOCTOR_AREA)
      .where('recruit_year', '=', recruitYear)
      .where('kind', '=', scoreKind)
      .execute();
    // The score itself is the sample's outcome; the counts group them as 'score'.
    return new Map(rows.map((r) => [r.user_id, `score:${fromHundredths(r.score_hundredths)}`]));
  }
  return new Map();
}

/**
 * One applicant's page for a result as they will read it once it is released (the office's "view
 * as applicant"): the same presenters as their own calls, the switch set aside. Null for a number
 * that is not an applicant of the cycle with a submitted form, or a result the applicant's pages do not show.
 */
export async function resultAsReleased(
  db: DB,
  cycle: CycleRef,
  release: string,
  applicantNumber: string,
): Promise<{ applicantNumber: string; name: string; result: ResultAsReleased } | null> {
  const { recruitYear } = cycle;
  const types = registerTypesOfCycle(cycle.area);
  if (types.length === 0) return null;
  const applicant = await db
    .selectFrom('application_form as f')
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .select(['u.id', 'u.applicant_number', 'u.name', 'u.user_register_type'])
    .where('f.area', '=', DOCTOR_AREA)
    .where('f.recruit_year', '=', recruitYear)
    .where('f.submitted_at', 'is not', null)
    .where('u.applicant_number', '=', applicantNumber)
    .where('u.user_register_type', 'in', types)
    .executeTakeFirst();
  if (!applicant) return null;
  const owner = { userId: applicant.id, recruitYear, registerType: Number(applicant.user_register_type) };
  const read = { asReleased: true };
  const who = { applicantNumber: applicant.applicant_number ?? '', name: applicant.name };
  const stage = RESULT_STAGES.find((s) => s === release);
  if (stage) return { ...who, result: { kind: 'review', stage, view: await reviewResult(db, owner, stage, read) } };
  const ticketKind = TICKET_KINDS.find((k) => ticketRelease(k) === release);
  if (ticketKind) return { ...who, result: { kind: 'ticket', ticketKind, view: await ticketResult(db, owner, ticketKind, read) } };
  const scoreKind = SCORE_KINDS.find((k) => scoreRelease(k) === release);
  if (scoreKind) return { ...who, result: { kind: 'score', scoreKind, view: await scoreResult(db, owner, scoreKind, read) } };
  return null;
}
