import {
  ReplyCode,
  TMS_AREA,
  TMS_INTERVIEW_RELEASE,
  type TmsInterviewAnswerRequest,
  type TmsInterviewFormat,
  type TmsInterviewOutcome,
  type TmsInterviewView,
  type TmsInvitationState,
  type TmsInvitationView,
} from '@gradus/contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../../context';
import type { DB, TmsInterviewTable } from '../../../db/database';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/app-error';
import { releasedSet } from '../../admissions/cycle';
import { beijingTime, isoOrNull } from '../../application-form/repo';
import { audit } from '../../audit/service';
import type { LoadedApplication } from '../../applications/target';
import type { TmsApplicant } from '../applicant';
import { offerOf, offerView } from './offer-view';

export type InterviewRow = Selectable<TmsInterviewTable>;

/** Another area's application has no tuimian interview: it reads as unknown here. */
export function assertTuimian(loaded: LoadedApplication): void {
  if (loaded.target.area !== TMS_AREA) throw new AppError(ReplyCode.NOT_FOUND, 'error.applicationNotFound');
}


/** Where an invitation stands now: answered, or waiting until its answer date, then lapsed. */
export function invitationState(row: Pick<InterviewRow, 'answer' | 'respond_by'>, now: number): TmsInvitationState {
  if (row.answer === 'accepted' || row.answer === 'declined') return row.answer;
  return now > Number(row.respond_by) ? 'lapsed' : 'awaitingAnswer';
}

export function invitationView(row: InterviewRow, now: number): TmsInvitationView {
  return {
    version: row.version,
    startsAt: isoOrNull(row.starts_at)!,
    format: row.format as TmsInterviewFormat,
    place: row.place,
    link: row.link,
    notes: row.notes,
    respondBy: isoOrNull(row.respond_by)!,
    state: invitationState(row, now),
    answeredAt: isoOrNull(row.answered_at),
    invitedAt: isoOrNull(row.invited_at)!,
  };
}

export function interviewOf(db: DB, who: { userId: number; recruitYear: string }): Promise<InterviewRow | undefined> {
  return db.selectFrom('tms_interview').selectAll().where('user_id', '=', who.userId).where('recruit_year', '=', who.recruitYear).executeTakeFirst();
}

export async function interviewResultsReleased(db: DB, recruitYear: string): Promise<boolean> {
  return (await releasedSet(db, TMS_AREA, [TMS_INTERVIEW_RELEASE], recruitYear)).has(TMS_INTERVIEW_RELEASE);
}

/** The programme the applicant's submitted form names (the interview is that programme's). */
async function programmeOf(db: DB, who: { userId: number; recruitYear: string }) {
  return db
    .selectFrom('application_form as f')
    .innerJoin('programme as p', 'p.id', 'f.programme_id')
    .select(['p.name_zh', 'p.name_en'])
    .where('f.user_id', '=', who.userId)
    .where('f.recruit_year', '=', who.recruitYear)
    .where('f.area', '=', TMS_AREA)
    .executeTakeFirst();
}

/**
 * The applicant's page: the invitation as it stands, and the result only once the office released
 * the year's interview results (before that, nothing says whether one was recorded).
 */
export async function applicantInterview(ctx: AppContext, applicant: TmsApplicant): Promise<TmsInterviewView> {
  const [row, programme, released] = await Promise.all([interviewOf(ctx.db, applicant), programmeOf(ctx.db, applicant), interviewResultsReleased(ctx.db, applicant.recruitYear)]);
  const passed = released && row?.answer === 'accepted' && row.result === 'pass';
  const offer = passed ? await offerOf(ctx.db, applicant) : undefined;
  return {
    invitation: row ? invitationView(row, ctx.clock.now()) : null,
    programmeNameZh: programme?.name_zh ?? null,
    programmeNameEn: programme?.name_en ?? null,
    result: released && row?.answer === 'accepted' ? ((row.result as TmsInterviewOutcome | null) ?? null) : null,
    released,
    nationalOffer: offer ? offerView(offer) : null,
    now: new Date(ctx.clock.now()).toISOString(),
  };
}

/**
 * Accepts or declines, once, before the answer date. The row is read again in the transaction and
 * changed only if its version is still the one the page showed: an invitation the school changed
 * meanwhile (a new time) must be read before it is answered.
 */
export async function answerInvitation(ctx: AppContext, applicant: TmsApplicant, input: TmsInterviewAnswerRequest): Promise<TmsInterviewView> {
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    const row = await interviewOf(trx, applicant);
    if (!row) throw new AppError(ReplyCode.NOT_FOUND, 'tmsInterview.notInvited');
    if (row.version !== input.version) throw new AppError(ReplyCode.CONFLICT, 'tmsInterview.changed');
    if (row.answer !== null) throw new AppError(ReplyCode.CONFLICT, 'tmsInterview.answered');
    if (now > Number(row.respond_by)) throw new AppError(ReplyCode.CONFLICT, 'tmsInterview.lapsed', { respondBy: beijingTime(Number(row.respond_by)) });
    const answer = input.answer === 'accept' ? 'accepted' : 'declined';
    const changed = await trx
      .updateTable('tms_interview')
      .set((eb) => ({ answer, answered_at: now, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'tmsInterview.changed');
    await audit(trx, now, 'tmsInterview.answer', { userId: applicant.userId, subject: applicant.applicantNumber, detail: { recruitYear: row.recruit_year, answer } });
  });
  ctx.applicantChanged.changed(applicant.userId);
  return applicantInterview(ctx, applicant);
}
