import {
  ASSESSMENT_QUALIFICATION_STAGE,
  ReplyCode,
  combine,
  decimalOf,
  type CombineMethod,
  type InterviewCandidatesView,
  type InterviewKind,
  type InterviewResultRow,
  type InterviewSessionSummary,
  type InterviewSessionView,
  type InterviewSessionsView,
  type Language,
  type SaveInterviewSessionRequest,
} from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { staffAudit } from '../admissions/staff-audit';
import { reviewSettings, type ReviewCycle } from '../review/cycle';
import { reviewExperts, stageApplications, type StageApplication } from '../review/pool';
import { totalText } from '../review/scoring';
import { scoreSheet } from '../review/sheets';
import { cycleOf, currentInterviewCycle, loadSession, refuseIfLocked, sessionScores, sessionTime, type LoadedSession, type SessionScore } from './session';

/**
 * Who may sit a session of the kind: for the comprehensive assessment, the applicants the ranked
 * list qualified; for the foreign-language review, every applicant eligible in the eligibility
 * review. Both of the session's programme, with their form submitted.
 */
async function candidatesOf(db: DB, cycle: ReviewCycle, programmeId: number): Promise<StageApplication[]> {
  const eligible = await stageApplications(db, cycle, { programmeId });
  if (cycle.stage !== 'assessment' || eligible.length === 0) return eligible;
  const qualified = await db
    .selectFrom('review_decision')
    .select('user_id')
    .where('area', '=', cycle.area)
    .where('recruit_year', '=', cycle.recruitYear)
    .where('stage', '=', ASSESSMENT_QUALIFICATION_STAGE)
    .where('outcome', '=', 'pass')
    .where(
      'user_id',
      'in',
      eligible.map((a) => a.applicantUserId),
    )
    .execute();
  const pass = new Set(qualified.map((q) => q.user_id));
  return eligible.filter((a) => pass.has(a.applicantUserId));
}

/** Which session of the cycle's kind each applicant already sits. */
async function seatedIn(db: DB, cycle: ReviewCycle): Promise<Map<number, { sessionId: number; startsAt: number; room: string }>> {
  const rows = await db
    .selectFrom('interview_slot as s')
    .innerJoin('interview_session as i', 'i.id', 's.session_id')
    .select(['s.applicant_user_id', 'i.id', 'i.starts_at', 'i.room'])
    .where('i.area', '=', cycle.area)
    .where('i.recruit_year', '=', cycle.recruitYear)
    .where('i.kind', '=', cycle.stage)
    .execute();
  return new Map(rows.map((r) => [r.applicant_user_id, { sessionId: r.id, startsAt: Number(r.starts_at), room: r.room }]));
}

export async function interviewCandidates(db: DB, kind: InterviewKind, programmeId: number): Promise<InterviewCandidatesView> {
  const cycle = await currentInterviewCycle(db, kind);
  const [applicants, seated, experts] = await Promise.all([candidatesOf(db, cycle, programmeId), seatedIn(db, cycle), reviewExperts(db)]);
  return {
    kind,
    programmeId,
    applicants: applicants.map((a) => ({
      applicationId: a.applicationId,
      applicantNumber: a.applicantNumber,
      name: a.name,
      sessionId: seated.get(a.applicantUserId)?.sessionId ?? null,
      supervisorUserId: a.supervisorUserId,
    })),
    experts: experts.map((e) => ({ userId: e.userId, name: e.name, external: e.external })),
  };
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function summaryOf(session: LoadedSession, scores: readonly SessionScore[]): InterviewSessionSummary {
  const submitted = scores.filter((s) => s.status === 'submitted');
  return {
    id: session.id,
    kind: session.kind,
    programme: session.programme,
    startsAt: new Date(session.startsAt).toISOString(),
    room: session.room,
    panel: session.panel.map((m) => ({
      userId: m.userId,
      name: m.name,
      secretary: m.userId === session.secretaryUserId,
      submitted: submitted.filter((s) => s.member_user_id === m.userId).length,
    })),
    applicantCount: session.slots.length,
    submitted: submitted.length,
    expected: session.panel.length * session.slots.length,
    lockedAt: iso(session.lockedAt),
    lockedBy: session.lockedBy,
    version: session.version,
  };
}

/** The office's list of the current year's sessions, by date. */
export async function interviewSessions(db: DB, kind: InterviewKind | undefined): Promise<InterviewSessionsView> {
  const cycle = await currentInterviewCycle(db, kind ?? 'assessment');
  let q = db.selectFrom('interview_session').select('id').where('area', '=', cycle.area).where('recruit_year', '=', cycle.recruitYear);
  if (kind) q = q.where('kind', '=', kind);
  const ids = await q.orderBy('starts_at').orderBy('id').execute();
  const sessions = await Promise.all(ids.map(async ({ id }) => summaryOf(await loadSession(db, id), await sessionScores(db, id))));
  return { recruitYear: cycle.recruitYear, sessions };
}

/** '(85.00 + 80.00 + 70.00) / 3 = 78.33', as the ranked list explains a result. */
function formulaOf(method: CombineMethod, counted: number[], result: number): string {
  const parts = counted.map(decimalOf);
  if (method === 'median' && parts.length === 1) return `${parts[0]} = ${decimalOf(result)}`;
  return `(${parts.join(' + ')}) / ${parts.length} = ${decimalOf(result)}`;
}

/**
 * Each applicant's row: every member's total in the panel's order and, once the whole panel has
 * submitted, the result by the stage's combine method (the office sets it per stage, as for the
 * material review). The whole panel, not the stage's minimum of experts: a panel scores together.
 */
export function resultRows(session: LoadedSession, scores: readonly SessionScore[], method: CombineMethod): InterviewResultRow[] {
  return session.slots.map((slot) => {
    const mine = session.panel.map((m) => {
      const s = scores.find((x) => x.member_user_id === m.userId && x.applicant_user_id === slot.applicantUserId);
      return { memberUserId: m.userId, memberName: m.name, status: s?.status ?? 'notStarted', total: s ? totalText(s.total) : null, raw: s?.status === 'submitted' ? s.total : null };
    });
    const totals = mine.map((m) => m.raw).filter((t): t is number => t !== null);
    const combined = totals.length === session.panel.length ? combine(totals, method, 1) : null;
    return {
      position: slot.position,
      applicationId: slot.applicationId,
      applicantNumber: slot.applicantNumber,
      name: slot.name,
      scores: mine.map(({ raw: _raw, ...m }) => m),
      combined: combined ? decimalOf(combined.hundredths) : null,
      formula: combined ? formulaOf(method, combined.counted, combined.hundredths) : null,
    };
  });
}

/** One session with every member's score of every applicant: the office's view and the record. */
export async function interviewSessionView(db: DB, session: LoadedSession): Promise<InterviewSessionView> {
  const cycle = cycleOf(session);
  const [scores, settings, sheet] = await Promise.all([sessionScores(db, session.id), reviewSettings(db, cycle), scoreSheet(db, cycle, session.programme.id)]);
  return { ...summaryOf(session, scores), method: settings.method, sheet, rows: resultRows(session, scores, settings.method) };
}

/**
 * Creates or changes a session. The panel are internal experts, none of them the supervisor an
 * applicant of the session named; the applicants may sit it (qualified, of the programme) and sit
 * no other session of the kind. Once scoring has started nobody who scored or was scored leaves,
 * and the stage and programme stay; a locked session changes for nobody. The version the office
 * loaded must still be the stored one.
 */
export async function saveInterviewSession(db: DB, now: number, input: SaveInterviewSessionRequest, by: number | null, lang: Language): Promise<InterviewSessionView> {
  const cycle = await currentInterviewCycle(db, input.kind);
  const programme = await db.selectFrom('programme').select('id').where('id', '=', input.programmeId).executeTakeFirst();
  if (!programme) throw new AppError(ReplyCode.BAD_INPUT, 'interview.unknownProgramme');
  const existing = input.id ? await loadSession(db, input.id) : null;
  if (existing) {
    refuseIfLocked(existing, lang);
    if (existing.version !== input.version) throw new AppError(ReplyCode.CONFLICT, 'interview.stale');
  } else if (input.version !== 0) throw new AppError(ReplyCode.CONFLICT, 'interview.stale');

  // Internal experts, or external ones who score by a mailed link.
  const [experts, candidates, seated] = await Promise.all([reviewExperts(db), candidatesOf(db, cycle, input.programmeId), seatedIn(db, cycle)]);
  const accounts = await db.selectFrom('app_user').select(['id', 'name']).where('id', 'in', input.panel).execute();
  const nameOf = (id: number) => accounts.find((a) => a.id === id)?.name ?? `#${id}`;
  for (const member of input.panel) {
    if (!experts.some((e) => e.userId === member)) throw new AppError(ReplyCode.BAD_INPUT, 'interview.notAnExpert', { name: nameOf(member) });
  }
  const applicants = input.applicants.map((applicationId) => {
    const found = candidates.find((c) => c.applicationId === applicationId);
    if (!found) {
      // One already seated who may no longer sit it (a decision changed since): named, so the office knows whom to take out.
      const seatedHere = existing?.slots.find((x) => x.applicationId === applicationId);
      throw new AppError(ReplyCode.BAD_INPUT, 'interview.notCandidate', { applicant: seatedHere ? `${seatedHere.name} (${seatedHere.applicantNumber})` : `#${applicationId}` });
    }
    return found;
  });
  for (const a of applicants) {
    const label = `${a.name} (${a.applicantNumber})`;
    if (a.supervisorUserId !== null && input.panel.includes(a.supervisorUserId)) throw new AppError(ReplyCode.BAD_INPUT, 'interview.conflicted', { expert: nameOf(a.supervisorUserId), applicant: label });
    const other = seated.get(a.applicantUserId);
    if (other && other.sessionId !== existing?.id) throw new AppError(ReplyCode.CONFLICT, 'interview.alreadyInSession', { applicant: label, when: sessionTime(lang, other.startsAt), room: other.room });
  }
  if (existing) {
    const scores = await sessionScores(db, existing.id);
    if (scores.length && (existing.kind !== input.kind || existing.programme.id !== input.programmeId)) throw new AppError(ReplyCode.CONFLICT, 'interview.scoringStarted');
    for (const m of existing.panel) {
      if (!input.panel.includes(m.userId) && scores.some((s) => s.member_user_id === m.userId)) throw new AppError(ReplyCode.CONFLICT, 'interview.memberScored', { name: m.name });
    }
    for (const s of existing.slots) {
      if (!input.applicants.includes(s.applicationId) && scores.some((x) => x.applicant_user_id === s.applicantUserId)) {
        throw new AppError(ReplyCode.CONFLICT, 'interview.applicantScored', { applicant: `${s.name} (${s.applicantNumber})` });
      }
    }
  }

  const values = {
    kind: input.kind,
    programme_id: input.programmeId,
    starts_at: Date.parse(input.startsAt),
    room: input.room,
    secretary_user_id: input.secretaryUserId,
    version: input.version + 1,
    updated_at: now,
  };
  const id = await db.transaction().execute(async (trx) => {
    let sessionId: number;
    if (existing) {
      // Locked or changed since it was loaded: nothing is written.
      const updated = await trx.updateTable('interview_session').set(values).where('id', '=', existing.id).where('version', '=', input.version).where('locked_at', 'is', null).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'interview.stale');
      sessionId = existing.id;
      await trx.deleteFrom('interview_panel').where('session_id', '=', sessionId).execute();
      await trx.deleteFrom('interview_slot').where('session_id', '=', sessionId).execute();
    } else {
      const inserted = await trx
        .insertInto('interview_session')
        .values({ ...values, area: cycle.area, recruit_year: cycle.recruitYear, locked_at: null, locked_by: null, created_by: by })
        .returning('id')
        .executeTakeFirstOrThrow();
      sessionId = inserted.id;
    }
    await trx
      .insertInto('interview_panel')
      .values(input.panel.map((member, i) => ({ session_id: sessionId, member_user_id: member, position: i + 1 })))
      .execute();
    await trx
      .insertInto('interview_slot')
      .values(applicants.map((a, i) => ({ session_id: sessionId, applicant_user_id: a.applicantUserId, position: i + 1 })))
      .execute();
    await staffAudit(trx, now, 'review.interviewSave', { staffUserId: by }, {
      detail: { sessionId, kind: input.kind, programmeId: input.programmeId, startsAt: input.startsAt, room: input.room, panel: input.panel, secretaryUserId: input.secretaryUserId, applicants: applicants.map((a) => a.applicantNumber) },
    });
    return sessionId;
  });
  return interviewSessionView(db, await loadSession(db, id));
}

/** Removes a session nobody has scored in yet (a mistake, a change of plan). */
export async function deleteInterviewSession(db: DB, now: number, session: LoadedSession, version: number, by: number | null, lang: Language): Promise<void> {
  refuseIfLocked(session, lang);
  if (session.version !== version) throw new AppError(ReplyCode.CONFLICT, 'interview.stale');
  if ((await sessionScores(db, session.id)).length) throw new AppError(ReplyCode.CONFLICT, 'interview.scoringStarted');
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('interview_session').where('id', '=', session.id).where('version', '=', version).where('locked_at', 'is', null).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'interview.stale');
    await staffAudit(trx, now, 'review.interviewDelete', { staffUserId: by }, { detail: { sessionId: session.id, kind: session.kind, room: session.room } });
  });
}
