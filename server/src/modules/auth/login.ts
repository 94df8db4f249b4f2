import { ReplyCode, type applicantLoginRequest, type masterLoginRequest, type staffLoginRequest } from '@gradus/contract';
import type { z } from 'zod';
import type { AppContext, ClientInfo } from '../../context';
import type { AppUserRow } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { samePersonName } from '../../lib/person-name';
import { burnVerify, verifySecret } from '../../lib/passwords';
import type { MessageKey } from '../../locales';
import { audit } from '../audit/service';
import { consumeCaptcha } from '../captcha/service';
import { createSession } from '../session/service';
import { findApplicantByNumber, findStaffByLoginName, rolesOf } from '../user/repo';
import { clearAccountFailures, guardAccount, guardClient, recordAccountFailure } from './throttle';

export type LoginAttempt =
  | { kind: 'recruit'; input: z.output<typeof applicantLoginRequest> }
  | { kind: 'master'; input: z.output<typeof masterLoginRequest> }
  | { kind: 'staff'; input: z.output<typeof staffLoginRequest> };


/** The key a signed-in account's sign-ins are recorded under, for its sign-out to be recorded the same way. */
export function accountKeyOf(user: { kind: string; loginName: string | null; userRegisterType: number | null; applicantNumber: string | null }): string {
  return user.kind === 'staff' ? `staff:${(user.loginName ?? '').toLowerCase()}` : `${user.userRegisterType}:${user.applicantNumber}`;
}

function describe(attempt: LoginAttempt): { accountKey: string; failure: MessageKey } {
  switch (attempt.kind) {
    case 'recruit':
      return { accountKey: `${attempt.input.userRegisterType}:${attempt.input.registerNo}`, failure: 'error.badCredentials' };
    case 'master':
      return { accountKey: `${attempt.input.userRegisterType}:${attempt.input.candidateNo}`, failure: 'error.badCredentialsMaster' };
    case 'staff':
      return { accountKey: `staff:${attempt.input.loginName.toLowerCase()}`, failure: 'error.badStaffCredentials' };
  }
}

async function findAccount(ctx: AppContext, attempt: LoginAttempt): Promise<AppUserRow | undefined> {
  switch (attempt.kind) {
    case 'recruit':
      return findApplicantByNumber(ctx.db, attempt.input.userRegisterType, attempt.input.registerNo);
    case 'master': {
      const user = await findApplicantByNumber(ctx.db, attempt.input.userRegisterType, attempt.input.candidateNo);
      return user && samePersonName(user.name, attempt.input.name) ? user : undefined;
    }
    case 'staff':
      return findStaffByLoginName(ctx.db, attempt.input.loginName);
  }
}

/**
 * One path for every kind of sign-in. Unknown accounts still cost one argon2 verification, and
 * every failure gives the same reply, so neither timing nor wording tells which accounts exist.
 */
export async function signIn(ctx: AppContext, attempt: LoginAttempt, client: ClientInfo): Promise<{ token: string }> {
  const { db, clock } = ctx;
  const { accountKey, failure } = describe(attempt);
  await guardClient(ctx, 'login', client);
  try {
    await guardAccount(ctx, accountKey);
  } catch (err) {
    // An account someone is guessing at is what the sign-in log is read for: recorded once a minute
    // per account, not once per guess (a storm of them must not become a storm of writes).
    if ((await ctx.throttle.hit(`audited:throttled:${accountKey}`, 1, 60_000)) === 0) {
      const user = await findAccount(ctx, attempt);
      await audit(db, clock.now(), 'login.throttled', { userId: user?.id ?? null, subject: user ? accountKey : null, ip: client.ip });
    }
    throw err;
  }
  // A place to hash in first: a sign-in turned away as busy keeps its captcha for the next try.
  const leave = await ctx.passwords.enter();
  try {
    return await checkCredentials(ctx, attempt, client, accountKey, failure);
  } finally {
    leave();
  }
}

async function checkCredentials(ctx: AppContext, attempt: LoginAttempt, client: ClientInfo, accountKey: string, failure: MessageKey): Promise<{ token: string }> {
  const { db, clock } = ctx;
  await consumeCaptcha(db, clock.now(), attempt.input.uuid, attempt.input.code);

  const user = await findAccount(ctx, attempt);
  const passwordOk = user ? await verifySecret(user.password_hash, attempt.input.password) : await burnVerify(attempt.input.password);
  if (!user || !passwordOk) {
    await recordAccountFailure(ctx, accountKey);
    // What was typed is kept only when it names an account: the trail is append-only, and a mistyped
    // field can hold an ID number or a password pasted into the wrong box.
    await audit(db, clock.now(), 'login.failure', { userId: user?.id ?? null, subject: user ? accountKey : null, ip: client.ip });
    throw new AppError(ReplyCode.BAD_CREDENTIALS, failure);
  }
  if (user.status !== 'active') throw new AppError(ReplyCode.FORBIDDEN, 'error.accountDisabled');
  const roles = await rolesOf(db, user.id);
  const first = roles[0];
  if (!first) throw new AppError(ReplyCode.FORBIDDEN, 'error.forbidden');
  await clearAccountFailures(ctx, accountKey);
  const token = await createSession(db, clock.now(), user.id, first.roleId, client);
  await audit(db, clock.now(), 'login.success', { userId: user.id, subject: accountKey, ip: client.ip });
  return { token };
}
