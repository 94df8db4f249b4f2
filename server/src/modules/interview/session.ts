import { EXAM_TIME_ZONE, ReplyCode, type AdmissionArea, type InterviewKind, type InterviewSessionTarget, type Language, type ScoreStatus } from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { translate } from '../../locales';
import { currentCycle, type ReviewCycle } from '../review/cycle';

/** An interview session with its panel (in seating order) and its applicants (in interview order). */
export interface LoadedSession {
  id: number;
  kind: InterviewKind;
  area: string;
  recruitYear: string;
  programme: { id: number; code: string; nameZh: string; nameEn: string };
  startsAt: number;
  room: string;
  secretaryUserId: number;
  lockedAt: number | null;
  lockedBy: string | null;
  version: number;
  panel: { userId: number; name: string }[];
  slots: { position: number; applicantUserId: number; applicationId: number; applicantNumber: string; name: string; supervisorUserId: number | null }[];
  /** What the policies judge (contract/policies.ts interview.*). */
  target: InterviewSessionTarget;
}

/** The stage a session scores in: its kind, in the area and year the session belongs to. */
export const cycleOf = (session: Pick<LoadedSession, 'kind' | 'area' | 'recruitYear'>): ReviewCycle => ({
  area: session.area as ReviewCycle['area'],
  recruitYear: session.recruitYear,
  stage: session.kind,
});

/** A session of the current recruitment year's cycle of the kind. */
export const currentInterviewCycle = (db: DB, kind: InterviewKind): Promise<ReviewCycle> => currentCycle(db, kind);

/** Loads a session; an unknown id is "not found" for everyone, so an id says nothing. */
export async function loadSession(db: DB, sessionId: number): Promise<LoadedSession> {
  const row = await db
    .selectFrom('interview_session as i')
    .innerJoin('programme as p', 'p.id', 'i.programme_id')
    .leftJoin('app_user as l', 'l.id', 'i.locked_by')
    .select(['i.id', 'i.kind', 'i.area', 'i.recruit_year', 'i.programme_id', 'p.code', 'p.name_zh', 'p.name_en', 'i.starts_at', 'i.room', 'i.secretary_user_id', 'i.locked_at', 'l.name as locked_by_name', 'i.version'])
    .where('i.id', '=', sessionId)
    .executeTakeFirst();
  if (!row) throw new AppError(ReplyCode.NOT_FOUND, 'interview.notFound');
  const [panel, slots] = await Promise.all([
    db
      .selectFrom('interview_panel as m')
      .innerJoin('app_user as u', 'u.id', 'm.member_user_id')
      .select(['m.member_user_id', 'u.name'])
      .where('m.session_id', '=', sessionId)
      .orderBy('m.position')
      .execute(),
    db
      .selectFrom('interview_slot as s')
      .innerJoin('app_user as u', 'u.id', 's.applicant_user_id')
      .innerJoin('application_form as f', (join) => join.onRef('f.user_id', '=', 's.applicant_user_id').on('f.recruit_year', '=', row.recruit_year).on('f.area', '=', row.area))
      .leftJoin('supervisor as sv', 'sv.id', 'f.supervisor_id')
      .select(['s.position', 's.applicant_user_id', 'f.id as application_id', 'u.applicant_number', 'u.name', 'sv.user_id as supervisor_user_id'])
      .where('s.session_id', '=', sessionId)
      .orderBy('s.position')
      .execute(),
  ]);
  return {
    id: row.id,
    kind: row.kind as InterviewKind,
    area: row.area,
    recruitYear: row.recruit_year,
    programme: { id: row.programme_id, code: row.code, nameZh: row.name_zh, nameEn: row.name_en },
    startsAt: Number(row.starts_at),
    room: row.room,
    secretaryUserId: row.secretary_user_id,
    lockedAt: row.locked_at === null ? null : Number(row.locked_at),
    lockedBy: row.locked_by_name ?? null,
    version: row.version,
    panel: panel.map((m) => ({ userId: m.member_user_id, name: m.name })),
    slots: slots.map((s) => ({
      position: s.position,
      applicantUserId: s.applicant_user_id,
      applicationId: s.application_id,
      applicantNumber: s.applicant_number ?? '',
      name: s.name,
      supervisorUserId: s.supervisor_user_id ?? null,
    })),
    target: { area: row.area as AdmissionArea, recruitYear: row.recruit_year, panelUserIds: panel.map((m) => m.member_user_id), secretaryUserId: row.secretary_user_id },
  };
}

/** Every score of a session, drafts included (who may see which is the caller's business). */
export async function sessionScores(db: DB, sessionId: number) {
  const rows = await db
    .selectFrom('interview_score')
    .select(['member_user_id', 'applicant_user_id', 'scores_json', 'total', 'comment', 'status', 'version'])
    .where('session_id', '=', sessionId)
    .execute();
  return rows.map((r) => ({ ...r, status: r.status as ScoreStatus }));
}
export type SessionScore = Awaited<ReturnType<typeof sessionScores>>[number];

/** "15 March 2027, 14:00" in the reader's language, the university's time. */
export function sessionTime(lang: Language, at: number): string {
  return new Intl.DateTimeFormat(lang, { timeZone: EXAM_TIME_ZONE, dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(at));
}

/**
 * A locked session changes for nobody: the refusal names the session and who locked it, in the
 * caller's language.
 */
export function refuseIfLocked(session: LoadedSession, lang: Language): void {
  if (session.lockedAt === null) return;
  throw new AppError(ReplyCode.CONFLICT, 'interview.locked', { when: sessionTime(lang, session.startsAt), room: session.room, name: session.lockedBy ?? '' });
}

/** Localised names of a session's stage, for messages and the record. */
export const kindName = (lang: Language, kind: InterviewKind): string => translate(lang, `interview.record.kind.${kind}`);
