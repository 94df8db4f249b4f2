import {
  inApplicationScope,
  ReplyCode,
  TMS_AREA,
  TMS_INTERVIEW_RELEASE,
  type ApplicationScope,
  type TmsInterviewListRequest,
  type TmsInterviewListView,
  type TmsInterviewOutcome,
  type tmsInterviewResultRequest,
  type TmsInterviewRow,
  type TmsInvitationView,
  type ViewAsApplicantView,
  type tmsInviteRequest,
  type tmsWithdrawInvitationRequest,
} from '@gradus/contract';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/app-error';
import type { CycleRef, ReleaseOutcomeRow } from '../../admissions/journey';
import { staffAudit, type StaffActor } from '../../admissions/staff-audit';
import type { LoadedApplication } from '../../applications/target';
import { currentRecruitYear } from '../../user/repo';
import { tellInvited, tellWithdrawn } from './mail';
import { offerView } from './offer-view';
import { assertTuimian, interviewOf, interviewResultsReleased, invitationView } from './service';

type Invite = z.output<typeof tmsInviteRequest>;
type Withdraw = z.output<typeof tmsWithdrawInvitationRequest>;
const who = (a: LoadedApplication) => ({ userId: a.target.applicantUserId, recruitYear: a.target.recruitYear });

/**
 * The tuimian applications of a year the graduate school found eligible (only they are invited),
 * in the caller's scope (a school's secretary: their school's programmes), with their invitations
 * and results.
 */
export async function interviewList(ctx: AppContext, scope: ApplicationScope, input: TmsInterviewListRequest): Promise<TmsInterviewListView> {
  const recruitYear = input.recruitYear ?? (await currentRecruitYear(ctx.db)) ?? '';
  let q = ctx.db
    .selectFrom('application_form as f')
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .leftJoin('programme as p', 'p.id', 'f.programme_id')
    .select(['f.id', 'f.user_id', 'f.department_id', 'f.programme_id', 'f.sections_json', 'u.applicant_number', 'u.name', 'p.name_zh', 'p.name_en'])
    .where('f.area', '=', TMS_AREA)
    .where('f.recruit_year', '=', recruitYear)
    .where('f.qualification', '=', 'pass')
    .orderBy('p.code')
    .orderBy('u.applicant_number');
  if (input.programmeId) q = q.where('f.programme_id', '=', input.programmeId);
  const forms = (await q.execute()).filter((f) =>
    inApplicationScope(scope, { applicantUserId: f.user_id, area: TMS_AREA, recruitYear, departmentId: f.department_id ?? null, supervisorUserId: null, assignedExpertIds: [] }),
  );
  const now = ctx.clock.now();
  // The year's invitations and offers in two reads, not two per row: a school lists dozens at a time.
  const userIds = [0, ...forms.map((f) => f.user_id)];
  const [interviews, offers] = await Promise.all([
    ctx.db.selectFrom('tms_interview').selectAll().where('recruit_year', '=', recruitYear).where('user_id', 'in', userIds).execute(),
    ctx.db.selectFrom('tms_national_offer').selectAll().where('recruit_year', '=', recruitYear).where('user_id', 'in', userIds).execute(),
  ]);
  const interviewBy = new Map(interviews.map((i) => [i.user_id, i]));
  const offerBy = new Map(offers.map((o) => [o.user_id, o]));
  const rows: TmsInterviewRow[] = [];
  for (const f of forms) {
    const interview = interviewBy.get(f.user_id);
    const offer = interview?.result === 'pass' ? offerBy.get(f.user_id) : undefined;
    rows.push({
      applicationId: f.id,
      applicantNumber: f.applicant_number ?? '',
      name: f.name,
      programmeId: f.programme_id ?? null,
      programmeNameZh: f.name_zh ?? '',
      programmeNameEn: f.name_en ?? '',
      degreeType: degreeTypeOf(f.sections_json),
      invitation: interview ? invitationView(interview, now) : null,
      result: (interview?.result as TmsInterviewOutcome | null | undefined) ?? null,
      nationalOffer: offer ? offerView(offer) : null,
    });
  }
  return { recruitYear, released: await interviewResultsReleased(ctx.db, recruitYear), rows, now: new Date(now).toISOString() };
}

function degreeTypeOf(sectionsJson: string | null): string | null {
  try {
    return (JSON.parse(sectionsJson ?? '{}') as { choice?: { degreeType?: string } }).choice?.degreeType ?? null;
  } catch {
    return null;
  }
}

/**
 * Invites an eligible applicant, or changes their invitation until a result is recorded. A change
 * asks them again: the earlier answer no longer stands, and the mail says what is new.
 */
export async function inviteToInterview(ctx: AppContext, loaded: LoadedApplication, input: Invite, actor: StaffActor): Promise<TmsInvitationView> {
  assertTuimian(loaded);
  const now = ctx.clock.now();
  const startsAt = Date.parse(input.startsAt);
  const respondBy = Date.parse(input.respondBy);
  if (startsAt <= now || respondBy <= now) throw new AppError(ReplyCode.BAD_INPUT, 'tmsInterview.inPast');
  const applicant = { applicant: `${loaded.name} (${loaded.applicantNumber})` };
  await inTransaction(ctx.db, async (trx) => {
    const form = await trx.selectFrom('application_form').select('qualification').where('id', '=', loaded.applicationId).executeTakeFirstOrThrow();
    if (form.qualification !== 'pass') throw new AppError(ReplyCode.CONFLICT, 'tmsInterview.notEligible', applicant);
    const existing = await interviewOf(trx, who(loaded));
    if (existing?.result) throw new AppError(ReplyCode.CONFLICT, 'tmsInterview.resultRecorded', applicant);
    const fields = { starts_at: startsAt, format: input.format, place: input.format === 'onsite' ? input.place : '', link: input.format === 'online' ? input.link : '', notes: input.notes, respond_by: respondBy };
    if (existing) {
      await trx
        .updateTable('tms_interview')
        .set((eb) => ({ ...fields, answer: null, answered_at: null, invited_by: actor.staffUserId, invited_at: now, updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', existing.id)
        .execute();
    } else {
      await trx
        .insertInto('tms_interview')
        .values({ ...fields, recruit_year: loaded.target.recruitYear, user_id: loaded.target.applicantUserId, invited_by: actor.staffUserId, invited_at: now, updated_at: now })
        .execute();
    }
    await staffAudit(trx, now, 'tmsInterview.invite', actor, {
      subject: loaded.applicantNumber,
      detail: { recruitYear: loaded.target.recruitYear, startsAt: input.startsAt, format: input.format, respondBy: input.respondBy, changed: Boolean(existing) },
    });
  });
  ctx.applicantChanged.changed(loaded.target.applicantUserId);
  const row = (await interviewOf(ctx.db, who(loaded)))!;
  await tellInvited(ctx, loaded.target.applicantUserId, row);
  return invitationView(row, now);
}

/** Takes an invitation back (a mistake, a programme full): only before a result is recorded. The applicant is told why. */
export async function withdrawInvitation(ctx: AppContext, loaded: LoadedApplication, input: Withdraw, actor: StaffActor): Promise<null> {
  assertTuimian(loaded);
  const now = ctx.clock.now();
  const applicant = { applicant: `${loaded.name} (${loaded.applicantNumber})` };
  await inTransaction(ctx.db, async (trx) => {
    const existing = await interviewOf(trx, who(loaded));
    if (!existing) throw new AppError(ReplyCode.NOT_FOUND, 'tmsInterview.noInvitation', applicant);
    if (existing.result) throw new AppError(ReplyCode.CONFLICT, 'tmsInterview.resultRecorded', applicant);
    await trx.deleteFrom('tms_interview').where('id', '=', existing.id).execute();
    await staffAudit(trx, now, 'tmsInterview.withdraw', actor, { subject: loaded.applicantNumber, detail: { recruitYear: loaded.target.recruitYear, reason: input.reason, answer: existing.answer } });
  });
  ctx.applicantChanged.changed(loaded.target.applicantUserId);
  await tellWithdrawn(ctx, loaded.target.applicantUserId, input.reason);
  return null;
}

/** Records an interviewee's result (replacing an earlier one) until the year's results are released. */
export async function recordInterviewResult(ctx: AppContext, loaded: LoadedApplication, input: z.output<typeof tmsInterviewResultRequest>, actor: StaffActor): Promise<null> {
  assertTuimian(loaded);
  const now = ctx.clock.now();
  const applicant = { applicant: `${loaded.name} (${loaded.applicantNumber})` };
  await inTransaction(ctx.db, async (trx) => {
    if (await interviewResultsReleased(trx, loaded.target.recruitYear)) throw new AppError(ReplyCode.CONFLICT, 'tmsInterview.released');
    const existing = await interviewOf(trx, who(loaded));
    if (!existing) throw new AppError(ReplyCode.NOT_FOUND, 'tmsInterview.noInvitation', applicant);
    if (existing.answer !== 'accepted') throw new AppError(ReplyCode.CONFLICT, 'tmsInterview.notAccepted', applicant);
    await trx.updateTable('tms_interview').set({ result: input.outcome, result_by: actor.staffUserId, result_at: now, updated_at: now }).where('id', '=', existing.id).execute();
    await staffAudit(trx, now, 'tmsInterview.result', actor, { subject: loaded.applicantNumber, detail: { recruitYear: loaded.target.recruitYear, from: existing.result, to: input.outcome } });
  });
  return null;
}

/** Release outcomes of the interview results: every applicant who accepted an invitation, with their result ('none' before one is recorded). */
export async function interviewReleaseOutcomes(ctx: AppContext, cycle: CycleRef, release: string): Promise<ReleaseOutcomeRow[]> {
  if (release !== TMS_INTERVIEW_RELEASE) return [];
  const rows = await ctx.db
    .selectFrom('tms_interview as i')
    .innerJoin('app_user as u', 'u.id', 'i.user_id')
    .select(['u.id as user_id', 'u.applicant_number', 'u.name', 'u.email', 'i.result'])
    .where('i.recruit_year', '=', cycle.recruitYear)
    .where('i.answer', '=', 'accepted')
    .orderBy('u.applicant_number')
    .execute();
  return rows.map((r) => ({ userId: r.user_id, applicantNumber: r.applicant_number ?? '', name: r.name, email: r.email, outcome: r.result ?? 'none' }));
}

/**
 * "View as applicant" on the Releases page: the interview result an interviewee will read once the
 * results are out (null: they accepted the invitation but no result was recorded). Only those who
 * accepted an invitation read a result; anyone else is not found.
 */
export async function interviewResultAsReleased(ctx: AppContext, cycle: CycleRef, release: string, applicantNumber: string): Promise<ViewAsApplicantView | null> {
  if (release !== TMS_INTERVIEW_RELEASE) return null;
  const row = await ctx.db
    .selectFrom('tms_interview as i')
    .innerJoin('app_user as u', 'u.id', 'i.user_id')
    .select(['u.applicant_number', 'u.name', 'i.result'])
    .where('i.recruit_year', '=', cycle.recruitYear)
    .where('i.answer', '=', 'accepted')
    .where('u.applicant_number', '=', applicantNumber)
    .executeTakeFirst();
  if (!row) return null;
  return { applicantNumber: row.applicant_number ?? '', name: row.name, result: { kind: 'tmsInterview', outcome: (row.result as TmsInterviewOutcome | null) ?? null } };
}

