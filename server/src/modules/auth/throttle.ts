import type { AppContext, ClientInfo } from '../../context';
import { throttled } from '../../lib/app-error';

const MINUTE = 60_000;

/** Every sign-in, registration and reset call counts against the calling address. */
export async function guardClient(ctx: AppContext, call: string, client: ClientInfo): Promise<void> {
  const wait = await ctx.throttle.hit(`client:${call}:${client.ip}`, ctx.limits.clientPerMinute, MINUTE);
  if (wait > 0) throw throttled(wait);
}

/**
 * Failed attempts count against the account named, whether or not it exists, so a locked reply
 * says nothing about which numbers are real.
 */
export async function guardAccount(ctx: AppContext, accountKey: string): Promise<void> {
  const wait = await ctx.throttle.blockedFor(`account:${accountKey}`, ctx.limits.accountFailures);
  if (wait > 0) throw throttled(wait);
}

export async function recordAccountFailure(ctx: AppContext, accountKey: string): Promise<void> {
  await ctx.throttle.hit(`account:${accountKey}`, ctx.limits.accountFailures, ctx.limits.accountLockMinutes * MINUTE);
}

export async function clearAccountFailures(ctx: AppContext, accountKey: string): Promise<void> {
  await ctx.throttle.reset(`account:${accountKey}`);
}
