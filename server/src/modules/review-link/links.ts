import { randomInt } from 'node:crypto';
import {
  REVIEW_CODE_ATTEMPTS,
  REVIEW_CODE_LENGTH,
  REVIEW_CODE_RESEND_MS,
  REVIEW_CODE_TTL_MS,
  REVIEW_LINK_TTL_MS,
  ReplyCode,
  type Actor,
  type AdmissionArea,
  type Language,
  type ReviewLinkView,
  type ReviewSessionGrant,
  type ScoredStage,
  type SentReviewCode,
  type SentReviewLink,
} from '@gradus/contract';
import type { AppContext, ClientInfo } from '../../context';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import { bilingual, translate } from '../../locales';
import { staffAudit } from '../admissions/staff-audit';
import { audit } from '../audit/service';
import { guardClient } from '../auth/throttle';
import { reviewSettings, type ReviewCycle } from '../review/cycle';
import { externalExpert } from './experts';

const REVIEW_CODES_PER_DAY = 10;
const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** 'zhang.wei@fudan.edu.cn' -> 'z***@fudan.edu.cn': enough to recognise one's own address, not to learn someone's. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
};

/**
 * Mails an external expert a new link for the stage; once it is sent, an earlier link of theirs for
 * the stage stops working (that mail may have gone astray). A mail that cannot be sent changes
 * nothing. The link lives thirty days, and opens nothing while the review is closed. Returns where
 * it went.
 */
export async function sendReviewLink(ctx: AppContext, cycle: ReviewCycle, expertUserId: number, by: number | null, lang: Language): Promise<SentReviewLink & { link: string }> {
  const expert = await externalExpert(ctx.db, expertUserId);
  const settings = await reviewSettings(ctx.db, cycle);
  if (settings.closedAt) throw new AppError(ReplyCode.CONFLICT, 'review.closed');
  const now = ctx.clock.now();
  const token = newToken();
  const expiresAt = now + REVIEW_LINK_TTL_MS;
  const tokenHash = hashToken(token);
  const { linkId, assigned } = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('review_link')
      .values({ expert_user_id: expert.userId, area: cycle.area, recruit_year: cycle.recruitYear, stage: cycle.stage, token_hash: tokenHash, expires_at: expiresAt, created_by: by, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { linkId: row.id, assigned: await workOf(trx, cycle, expert.userId) };
  });
  const link = reviewLinkUrl(ctx, token);
  const params = { name: expert.name, year: cycle.recruitYear, count: assigned, link, expires: iso(expiresAt).slice(0, 10) };
  try {
    await ctx.mailer.send({ to: expert.email, subject: translate(lang, 'mail.reviewLink.subject', params), text: bilingual(lang, 'mail.reviewLink.body', params) });
  } catch (err) {
    // Not sent: the new link goes, and the expert's earlier link keeps working.
    await ctx.db.deleteFrom('review_link').where('id', '=', linkId).execute();
    throw err;
  }
  // Mailed: from now on only the new link opens the review.
  await ctx.db
    .updateTable('review_link')
    .set({ replaced_at: now })
    .where('expert_user_id', '=', expert.userId)
    .where('area', '=', cycle.area)
    .where('recruit_year', '=', cycle.recruitYear)
    .where('stage', '=', cycle.stage)
    .where('replaced_at', 'is', null)
    .where('id', '!=', linkId)
    .execute();
  await staffAudit(ctx.db, now, 'review.linkSent', { staffUserId: by }, { detail: { expertUserId: expert.userId, name: expert.name, stage: cycle.stage, recruitYear: cycle.recruitYear } });
  ctx.log.info({ expertUserId: expert.userId }, 'review link mailed');
  // The link itself stays between the mailer and the expert; only the demo's start-up banner prints it.
  return { sentTo: expert.email, expiresAt: iso(expiresAt), link };
}

/** What the link is for: files to read (the material review) or applicants to hear (an interview panel's sessions). */
async function workOf(db: DB, cycle: ReviewCycle, expertUserId: number): Promise<number> {
  const [files, heard] = await Promise.all([
    db
      .selectFrom('expert_assignment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('expert_user_id', '=', expertUserId)
      .where('area', '=', cycle.area)
      .where('recruit_year', '=', cycle.recruitYear)
      .where('stage', '=', cycle.stage)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('interview_panel as m')
      .innerJoin('interview_session as i', 'i.id', 'm.session_id')
      .innerJoin('interview_slot as s', 's.session_id', 'i.id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('m.member_user_id', '=', expertUserId)
      .where('i.area', '=', cycle.area)
      .where('i.recruit_year', '=', cycle.recruitYear)
      .where('i.kind', '=', cycle.stage)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(files.n) + Number(heard.n);
}

export const reviewLinkUrl = (ctx: AppContext, token: string): string => `${ctx.config.publicUrl}/review?token=${encodeURIComponent(token)}`;

type LinkRow = NonNullable<Awaited<ReturnType<typeof linkRow>>>;

function linkRow(db: DB, column: 'token_hash' | 'session_hash', hash: string) {
  return db
    .selectFrom('review_link as l')
    .innerJoin('app_user as u', 'u.id', 'l.expert_user_id')
    .select([
      'l.id',
      'l.expert_user_id',
      'l.area',
      'l.recruit_year',
      'l.stage',
      'l.expires_at',
      'l.replaced_at',
      'l.code_hash',
      'l.code_expires_at',
      'l.code_sent_at',
      'l.code_attempts',
      'l.verified_at',
      'l.declared_at',
      'u.name',
      'u.email',
      'u.affiliation',
      'u.status',
    ])
    .where(`l.${column}`, '=', hash)
    .executeTakeFirst();
}

const cycleOf = (link: LinkRow): ReviewCycle => ({ area: link.area as AdmissionArea, recruitYear: link.recruit_year, stage: link.stage as ScoredStage });

/**
 * A link works while it is the expert's latest for the stage, before its expiry, and while the
 * review is open. Each refusal says which, so the expert knows whether to write to the office.
 */
async function usableLink(db: DB, now: number, link: LinkRow | undefined, refusal: ReplyCode): Promise<LinkRow> {
  if (!link || link.status !== 'active') throw new AppError(refusal, 'reviewLink.invalid');
  if (link.replaced_at !== null) throw new AppError(refusal, 'reviewLink.replaced');
  if (Number(link.expires_at) <= now) throw new AppError(refusal, 'reviewLink.expired');
  const settings = await reviewSettings(db, cycleOf(link));
  if (settings.closedAt) throw new AppError(refusal, 'reviewLink.closed');
  return link;
}

const byToken = async (ctx: AppContext, token: string) => usableLink(ctx.db, ctx.clock.now(), await linkRow(ctx.db, 'token_hash', hashToken(token)), ReplyCode.FORBIDDEN);

/** What the link's first screen shows: whose it is, and where the code will go. */
export async function openReviewLink(ctx: AppContext, token: string, client: ClientInfo): Promise<ReviewLinkView> {
  await guardClient(ctx, 'reviewLinkOpen', client);
  const link = await byToken(ctx, token);
  return {
    expertName: link.name,
    maskedEmail: maskEmail(link.email ?? ''),
    stage: link.stage as ScoredStage,
    recruitYear: link.recruit_year,
    expiresAt: iso(link.expires_at),
    verified: link.verified_at !== null,
  };
}

/** The identity step's code, mailed to the recorded address: a minute between codes, ten minutes to use one. */
export async function sendReviewCode(ctx: AppContext, token: string, client: ClientInfo, lang: Language): Promise<SentReviewCode> {
  await guardClient(ctx, 'reviewLinkCode', client);
  const link = await byToken(ctx, token);
  if (link.verified_at !== null) throw new AppError(ReplyCode.CONFLICT, 'reviewLink.used');
  const now = ctx.clock.now();
  const wait = link.code_sent_at === null ? 0 : Number(link.code_sent_at) + REVIEW_CODE_RESEND_MS - now;
  if (wait > 0) throw new AppError(ReplyCode.THROTTLED, 'reviewLink.codeWait', { seconds: Math.ceil(wait / 1000) });
  // Each code gives five tries: a day's codes are capped, so tries cannot be renewed without end.
  if ((await ctx.throttle.hit(`reviewCode:${link.id}`, REVIEW_CODES_PER_DAY, 24 * 60 * 60_000)) > 0) throw new AppError(ReplyCode.THROTTLED, 'reviewLink.codesUsed');
  const code = String(randomInt(0, 10 ** REVIEW_CODE_LENGTH)).padStart(REVIEW_CODE_LENGTH, '0');
  await ctx.db
    .updateTable('review_link')
    .set({ code_hash: codeHash(link.id, code), code_expires_at: now + REVIEW_CODE_TTL_MS, code_sent_at: now, code_attempts: 0 })
    .where('id', '=', link.id)
    .where('verified_at', 'is', null)
    .execute();
  await audit(ctx.db, now, 'reviewLink.codeSent', { userId: link.expert_user_id, ip: client.ip });
  const params = { name: link.name, code, minutes: REVIEW_CODE_TTL_MS / 60_000 };
  await ctx.mailer.send({ to: link.email ?? '', subject: translate(lang, 'mail.reviewCode.subject', params), text: translate(lang, 'mail.reviewCode.body', params) });
  return { maskedEmail: maskEmail(link.email ?? ''), resendAfterSeconds: REVIEW_CODE_RESEND_MS / 1000 };
}

/** Bound to the link, so a code is no use on another link even if it were guessed for one. */
const codeHash = (linkId: number, code: string) => hashToken(`${linkId}:${code}`);

/**
 * The identity step: the right code, within its ten minutes and five tries, opens the review
 * session, once. Claiming the link and checking it is one statement, so two tabs (or someone who
 * intercepted the link) cannot both pass it.
 */
export async function verifyReviewCode(ctx: AppContext, token: string, code: string, client: ClientInfo): Promise<ReviewSessionGrant> {
  await guardClient(ctx, 'reviewLinkVerify', client);
  const link = await byToken(ctx, token);
  if (link.verified_at !== null) throw new AppError(ReplyCode.CONFLICT, 'reviewLink.used');
  const now = ctx.clock.now();
  if (link.code_hash === null || link.code_expires_at === null || Number(link.code_expires_at) <= now) throw new AppError(ReplyCode.BAD_INPUT, 'reviewLink.codeExpired');
  const tried = await ctx.db
    .updateTable('review_link')
    .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
    .where('id', '=', link.id)
    .where('code_attempts', '<', REVIEW_CODE_ATTEMPTS)
    .executeTakeFirst();
  if (Number(tried.numUpdatedRows) !== 1) throw new AppError(ReplyCode.BAD_INPUT, 'reviewLink.codeTriesUsed');
  if (codeHash(link.id, code) !== link.code_hash) {
    await audit(ctx.db, now, 'reviewLink.codeWrong', { userId: link.expert_user_id, ip: client.ip });
    const left = REVIEW_CODE_ATTEMPTS - link.code_attempts - 1;
    throw new AppError(ReplyCode.BAD_INPUT, left > 0 ? 'reviewLink.codeWrong' : 'reviewLink.codeTriesUsed', { left });
  }
  const reviewToken = newToken();
  const claimed = await ctx.db
    .updateTable('review_link')
    .set({ verified_at: now, session_hash: hashToken(reviewToken), code_hash: null })
    .where('id', '=', link.id)
    .where('verified_at', 'is', null)
    .where('code_hash', '=', link.code_hash)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'reviewLink.used');
  await audit(ctx.db, now, 'reviewLink.verified', { userId: link.expert_user_id, ip: client.ip, detail: { stage: link.stage, recruitYear: link.recruit_year } });
  return { reviewToken, expiresAt: iso(link.expires_at) };
}

/** The review session behind a token: the link it was opened by, and the external expert it acts as. */
export interface LinkSession {
  linkId: number;
  expertUserId: number;
  name: string;
  affiliation: string;
  cycle: ReviewCycle;
  expiresAt: number;
  declaredAt: number | null;
  actor: Actor;
}

/**
 * The session a review token opens, while its link works. Otherwise it is over, like a lost
 * session (401), with the link's reason: the page says whether to ask the office for a new link.
 */
export async function linkSession(ctx: AppContext, reviewToken: string): Promise<LinkSession> {
  const link = await usableLink(ctx.db, ctx.clock.now(), await linkRow(ctx.db, 'session_hash', hashToken(reviewToken)), ReplyCode.SESSION_EXPIRED);
  const cycle = cycleOf(link);
  // The link opens the files assigned in its own stage, read at every call: an unassignment shuts one at once.
  const assigned = await ctx.db
    .selectFrom('expert_assignment')
    .select('applicant_user_id')
    .where('expert_user_id', '=', link.expert_user_id)
    .where('area', '=', cycle.area)
    .where('recruit_year', '=', cycle.recruitYear)
    .where('stage', '=', cycle.stage)
    .execute();
  return {
    linkId: link.id,
    expertUserId: link.expert_user_id,
    name: link.name,
    affiliation: link.affiliation ?? '',
    cycle,
    expiresAt: Number(link.expires_at),
    declaredAt: link.declared_at === null ? null : Number(link.declared_at),
    actor: { kind: 'externalExpert', expertUserId: link.expert_user_id, area: cycle.area, recruitYear: cycle.recruitYear, applicantUserIds: assigned.map((a) => a.applicant_user_id) },
  };
}

/** "I have no conflict of interest with the applicants listed": recorded once, audited. */
export async function declareNoConflict(ctx: AppContext, session: LinkSession, client: ClientInfo): Promise<{ declaredAt: string }> {
  const now = ctx.clock.now();
  await ctx.db.updateTable('review_link').set({ declared_at: now }).where('id', '=', session.linkId).where('declared_at', 'is', null).execute();
  const row = await ctx.db.selectFrom('review_link').select('declared_at').where('id', '=', session.linkId).executeTakeFirstOrThrow();
  if (session.declaredAt === null) await audit(ctx.db, now, 'reviewLink.declared', { userId: session.expertUserId, ip: client.ip, detail: { stage: session.cycle.stage, recruitYear: session.cycle.recruitYear } });
  return { declaredAt: iso(row.declared_at ?? now) };
}

/** Reading and scoring files waits for the declaration. */
export function requireDeclared(session: LinkSession): void {
  if (session.declaredAt === null) throw new AppError(ReplyCode.CONFLICT, 'reviewLink.declareFirst');
}
