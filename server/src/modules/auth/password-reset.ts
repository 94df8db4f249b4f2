import { RESET_LINK_TTL_MS, ReplyCode, isMasterType } from '@gradus/contract';
import type { forgetPasswordSearchRequest, resetByEmailConfirmRequest, resetByEmailRequest, resetByQuestionRequest } from '@gradus/contract';
import type { z } from 'zod';
import type { AppContext, ClientInfo } from '../../context';
import { AppError } from '../../lib/app-error';
import { samePersonName } from '../../lib/person-name';
import { burnVerify, hashSecret, normalizeAnswer, verifySecret } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { translate } from '../../locales';
import type { Language } from '@gradus/contract';
import { audit } from '../audit/service';
import { consumeCaptcha } from '../captcha/service';
import { discardUpload, keepUpload, type CheckedUpload } from '../files/service';
import { revokeUserSessions } from '../session/service';
import { findApplicantByIdentity, findApplicantByNumber } from '../user/repo';
import { clearAccountFailures, guardAccount, guardClient, recordAccountFailure } from './throttle';

const RESET_MAILS_PER_HOUR = 3;


/** Forgot number / step one of forgot password: name and ID number give back the number and question. */
export async function findRegistration(
  ctx: AppContext,
  input: z.output<typeof forgetPasswordSearchRequest>,
  client: ClientInfo,
): Promise<{ registerNo?: string; candidateNo?: string; securityQuestion: string }> {
  await guardClient(ctx, 'forgetPasswordSearch', client);
  await consumeCaptcha(ctx.db, ctx.clock.now(), input.uuid, input.code);
  const user = await findApplicantByIdentity(ctx.db, input.userRegisterType, input.idNumber);
  if (!user || !samePersonName(user.name, input.name) || !user.applicant_number) {
    throw new AppError(ReplyCode.NOT_FOUND, 'error.resetNotMatched');
  }
  const number = user.applicant_number;
  return {
    ...(isMasterType(input.userRegisterType) ? { candidateNo: number } : { registerNo: number }),
    securityQuestion: user.security_question ?? '',
  };
}

async function setPassword(ctx: AppContext, userId: number, newPassword: string): Promise<void> {
  const hash = await hashSecret(newPassword);
  const now = ctx.clock.now();
  await ctx.db.updateTable('app_user').set({ password_hash: hash, updated_at: now }).where('id', '=', userId).execute();
  await revokeUserSessions(ctx.db, now, userId);
}

export async function resetByQuestion(
  ctx: AppContext,
  input: z.output<typeof resetByQuestionRequest>,
  client: ClientInfo,
): Promise<void> {
  const accountKey = `reset:${input.userRegisterType}:${input.number}`;
  await guardClient(ctx, 'resetByQuestion', client);
  await guardAccount(ctx, accountKey);
  // A place to hash in first (lib/password-gate.ts): turned away as busy, the captcha is kept.
  await ctx.passwords.run(() => resetChecked(ctx, input, client, accountKey));
}

async function resetChecked(ctx: AppContext, input: z.output<typeof resetByQuestionRequest>, client: ClientInfo, accountKey: string): Promise<void> {
  await consumeCaptcha(ctx.db, ctx.clock.now(), input.uuid, input.code);
  const user = await findApplicantByNumber(ctx.db, input.userRegisterType, input.number);
  const matches = user && user.id_number === input.idNumber && user.security_answer_hash;
  const ok = matches
    ? await verifySecret(user.security_answer_hash!, normalizeAnswer(input.securityAnswer))
    : await burnVerify(input.securityAnswer);
  if (!user || !ok) {
    await recordAccountFailure(ctx, accountKey);
    await audit(ctx.db, ctx.clock.now(), 'password.reset.question.failure', { subject: accountKey, ip: client.ip });
    throw new AppError(ReplyCode.BAD_CREDENTIALS, 'error.securityAnswerWrong');
  }
  await setPassword(ctx, user.id, input.newPassword);
  await clearAccountFailures(ctx, accountKey);
  await audit(ctx.db, ctx.clock.now(), 'password.reset.question', { userId: user.id, subject: accountKey, ip: client.ip });
}

/**
 * Mails a single-use link when the details match; the reply is the same either way, and the mail
 * goes out after the reply, so neither words nor timing say whether they matched.
 */
export async function requestResetByEmail(
  ctx: AppContext,
  input: z.output<typeof resetByEmailRequest>,
  idScan: CheckedUpload | undefined,
  client: ClientInfo,
  lang: Language,
): Promise<void> {
  await guardClient(ctx, 'resetByEmail', client);
  const user = await findApplicantByNumber(ctx.db, input.userRegisterType, input.number);
  const matches = !!user && user.id_number === input.idNumber && (user.email ?? '').toLowerCase() === input.email.toLowerCase();
  // At most three reset mails an hour per account: the form must not become a way to flood someone's inbox.
  const flooding = matches && (await ctx.throttle.hit(`resetMail:${user.id}`, RESET_MAILS_PER_HOUR, 60 * 60_000)) > 0;
  if (!matches || flooding) {
    // The scan was checked (type, size) for everyone; it is kept only when a link is sent.
    if (idScan) await discardUpload(ctx, idScan);
    return;
  }
  const scan = idScan ? await keepUpload(ctx, idScan, { ownerUserId: user.id, category: 'resetIdScan' }) : undefined;
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('password_reset')
    .values({ token_hash: hashToken(token), user_id: user.id, expires_at: now + RESET_LINK_TTL_MS, used_at: null, id_scan_file_id: scan?.id ?? null, created_at: now })
    .execute();
  await audit(ctx.db, now, 'password.reset.email.requested', { userId: user.id, subject: input.number, ip: client.ip });
  const link = `${ctx.config.publicUrl}/auth-redirect?token=${encodeURIComponent(token)}`;
  const mail = {
    to: user.email!,
    subject: translate(lang, 'mail.reset.subject'),
    text: translate(lang, 'mail.reset.body', { name: user.name, number: input.number, link }),
  };
  void ctx.mailer.send(mail).catch((err: unknown) => ctx.log.error({ err }, 'reset mail could not be sent'));
}

export async function confirmResetByEmail(
  ctx: AppContext,
  input: z.output<typeof resetByEmailConfirmRequest>,
  client: ClientInfo,
): Promise<void> {
  await guardClient(ctx, 'resetByEmailConfirm', client);
  // A place to hash in first (lib/password-gate.ts): turned away as busy, the link still works.
  await ctx.passwords.run(() => confirmChecked(ctx, input, client));
}

async function confirmChecked(ctx: AppContext, input: z.output<typeof resetByEmailConfirmRequest>, client: ClientInfo): Promise<void> {
  const now = ctx.clock.now();
  // Claiming the token and checking it is one statement: a link works once, even if clicked twice.
  const claimed = await ctx.db
    .updateTable('password_reset')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(input.token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!claimed) throw new AppError(ReplyCode.RESET_LINK_INVALID, 'error.resetLinkInvalid');
  await setPassword(ctx, claimed.user_id, input.newPassword);
  await audit(ctx.db, now, 'password.reset.email.completed', { userId: claimed.user_id, ip: client.ip });
}
