import { ReplyCode } from '@gradus/contract';
import type { MessageKey } from '../locales';

/**
 * A failure the caller should read: the code travels in the `{code, msg}` envelope (HTTP 200 for
 * business and session errors, as the spec's client expects); `httpStatus` is only for transport
 * limits such as 413 and 429.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly httpStatus = 200,
    /** Sent as Retry-After (seconds): a throttled client, or a proxy, knows when to come back. */
    readonly retryAfterSeconds?: number,
  ) {
    super(messageKey);
  }
}

export const sessionExpired = () => new AppError(ReplyCode.SESSION_EXPIRED, 'error.sessionExpired');
export const forbidden = () => new AppError(ReplyCode.FORBIDDEN, 'error.forbidden');
export const throttled = (waitMs: number) => new AppError(ReplyCode.THROTTLED, 'error.throttled', { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) }, 429, Math.max(1, Math.ceil(waitMs / 1000)));
