import {
  ReplyCode,
  weightedTotal,
  type Language,
  type MyInterviewSessionsView,
  type PanelSessionView,
  type SaveInterviewScoreRequest,
  type SavedInterviewScore,
  type ScoreStatus,
} from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { translate, writesCjk } from '../../locales';
import { staffAudit } from '../admissions/staff-audit';
import { checkScores, totalText } from '../review/scoring';
import { scoreSheet } from '../review/sheets';
import { summaryOf } from './office';
import { cycleOf, loadSession, refuseIfLocked, sessionScores, type LoadedSession } from './session';

/**
 * What a panel member does, named by their user id only: a signed-in internal expert today, an
 * external member by link later (the link's actor carries the same id). The caller has already
 * been authorized (contract policies interview.score / interview.lock) for the session.
 */

/** The sessions a member sits on, by date, the earliest first (today's before tomorrow's). */
export async function myInterviewSessions(db: DB, memberUserId: number): Promise<MyInterviewSessionsView> {
  const rows = await db
    .selectFrom('interview_panel as m')
    .innerJoin('interview_session as i', 'i.id', 'm.session_id')
    .select('i.id')
    .where('m.member_user_id', '=', memberUserId)
    .orderBy('i.starts_at')
    .orderBy('i.id')
    .execute();
  const sessions = await Promise.all(
    rows.map(async ({ id }) => {
      const session = await loadSession(db, id);
      const scores = await sessionScores(db, id);
      return {
        id,
        kind: session.kind,
        programme: session.programme,
        startsAt: new Date(session.startsAt).toISOString(),
        room: session.room,
        secretary: session.secretaryUserId === memberUserId,
        applicantCount: session.slots.length,
        mySubmitted: scores.filter((s) => s.member_user_id === memberUserId && s.status === 'submitted').length,
        lockedAt: session.lockedAt === null ? null : new Date(session.lockedAt).toISOString(),
      };
    }),
  );
  return { sessions };
}

/**
 * The session as one member scores it: the applicants in order, their own score of each, and,
 * blind, the other members' submitted totals of an applicant only once their own is submitted (or
 * the session is locked). Drafts of others are never shown.
 */
export async function panelSession(db: DB, session: LoadedSession, memberUserId: number): Promise<PanelSessionView> {
  const [scores, sheet] = await Promise.all([sessionScores(db, session.id), scoreSheet(db, cycleOf(session), session.programme.id)]);
  const summary = summaryOf(session, scores);
  const nameOf = (userId: number) => session.panel.find((m) => m.userId === userId)?.name ?? '';
  return {
    id: session.id,
    kind: session.kind,
    programme: session.programme,
    startsAt: summary.startsAt,
    room: session.room,
    sheet,
    panel: summary.panel,
    applicants: session.slots.map((slot) => {
      const own = scores.find((s) => s.member_user_id === memberUserId && s.applicant_user_id === slot.applicantUserId);
      const seesOthers = session.lockedAt !== null || own?.status === 'submitted';
      return {
        position: slot.position,
        applicationId: slot.applicationId,
        applicantNumber: slot.applicantNumber,
        name: slot.name,
        mine: own
          ? { status: own.status, scores: JSON.parse(own.scores_json) as Record<string, string>, total: totalText(own.total), comment: own.comment, version: own.version }
          : { status: 'notStarted', scores: {}, total: null, comment: '', version: 0 },
        others: seesOthers
          ? scores
              .filter((s) => s.applicant_user_id === slot.applicantUserId && s.member_user_id !== memberUserId && s.status === 'submitted')
              .map((s) => ({ memberName: nameOf(s.member_user_id), total: totalText(s.total) }))
          : null,
      };
    }),
    secretary: session.secretaryUserId === memberUserId,
    lockedAt: summary.lockedAt,
    lockedBy: session.lockedBy,
  };
}

/**
 * Saves a member's score of one applicant of the session, a draft or submitted. Refused, with
 * nothing written, when the session is locked (checked again where the score is written, so a lock
 * racing the save wins), when the version the member loaded is no longer the stored one (two
 * tablets of the same member), and once their score is submitted (they have seen the others).
 */
export async function saveInterviewScore(
  db: DB,
  now: number,
  session: LoadedSession,
  memberUserId: number,
  input: Omit<SaveInterviewScoreRequest, 'sessionId' | 'comment'> & { comment: string },
  lang: Language,
): Promise<SavedInterviewScore> {
  refuseIfLocked(session, lang);
  const slot = session.slots.find((s) => s.applicationId === input.applicationId);
  if (!slot) throw new AppError(ReplyCode.NOT_FOUND, 'interview.notInSession');
  const sheet = await scoreSheet(db, cycleOf(session), session.programme.id);
  if (!sheet) throw new AppError(ReplyCode.CONFLICT, 'review.noSheet');
  checkScores(sheet.items, input.scores, input.submit);
  const total = weightedTotal(sheet.items, input.scores);
  const key = { session_id: session.id, member_user_id: memberUserId, applicant_user_id: slot.applicantUserId };

  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('interview_session').select('locked_at').where('id', '=', session.id).executeTakeFirst();
    if (!current) throw new AppError(ReplyCode.NOT_FOUND, 'interview.notFound');
    if (current.locked_at !== null) refuseIfLocked(await loadSession(trx, session.id), lang);
    const row = await trx
      .selectFrom('interview_score')
      .select(['id', 'version', 'status', 'submitted_at'])
      .where((eb) => eb.and(key))
      .executeTakeFirst();
    if ((row?.version ?? 0) !== input.version) throw new AppError(ReplyCode.CONFLICT, 'interview.scoreStale');
    if (row?.status === 'submitted') throw new AppError(ReplyCode.CONFLICT, 'interview.alreadySubmitted');
    const status: ScoreStatus = input.submit ? 'submitted' : 'draft';
    const values = {
      scores_json: JSON.stringify(input.scores),
      total,
      comment: input.comment,
      status,
      version: input.version + 1,
      submitted_at: input.submit ? now : null,
      updated_at: now,
    };
    if (row) {
      const updated = await trx.updateTable('interview_score').set(values).where('id', '=', row.id).where('version', '=', input.version).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'interview.scoreStale');
    } else {
      const inserted = await trx
        .insertInto('interview_score')
        .values({ ...key, ...values })
        .onConflict((oc) => oc.columns(['session_id', 'applicant_user_id', 'member_user_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new AppError(ReplyCode.CONFLICT, 'interview.scoreStale');
    }
    return { version: values.version, total: totalText(total), status };
  });
}

/**
 * The panel's secretary locks the session once every member has submitted a score of every
 * applicant; the refusal names who still has scores to give. From then on nothing in it changes.
 */
export async function lockInterviewSession(db: DB, now: number, session: LoadedSession, memberUserId: number, lang: Language): Promise<void> {
  refuseIfLocked(session, lang);
  const scores = await sessionScores(db, session.id);
  const missing = session.panel
    .map((m) => ({ name: m.name, count: session.slots.length - scores.filter((s) => s.member_user_id === m.userId && s.status === 'submitted').length }))
    .filter((m) => m.count > 0);
  if (missing.length) {
    const names = missing.map((m) => translate(lang, 'interview.missingOf', m)).join(writesCjk(lang) ? '；' : '; ');
    throw new AppError(ReplyCode.CONFLICT, 'interview.missingScores', { missing: names });
  }
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('interview_session')
      .set({ locked_at: now, locked_by: memberUserId, version: session.version + 1, updated_at: now })
      .where('id', '=', session.id)
      .where('locked_at', 'is', null)
      // The office changed the session (an applicant added) since the scores were counted: count again.
      .where('version', '=', session.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      refuseIfLocked(await loadSession(trx, session.id), lang);
      throw new AppError(ReplyCode.CONFLICT, 'interview.stale');
    }
    await staffAudit(trx, now, 'review.interviewLock', { staffUserId: memberUserId }, { detail: { sessionId: session.id, kind: session.kind, room: session.room } });
  });
}
