import { ReplyCode, awaitsPasswordChange, can, type Action, type Actor } from '@gradus/contract';
import { AppError } from '../../lib/app-error';
import type { MessageKey } from '../../locales';

/**
 * How a refusal reads. 'forbidden' says so (403); 'notFound' answers exactly as for a record that
 * does not exist, where saying "not yours" would confirm that it exists (files, orders); a message
 * key says why (e.g. "you do not hold this role"), as a 403 or, with notFound, as that record's 404.
 */
export type Refusal = 'forbidden' | 'notFound' | { because: MessageKey; notFound?: true };

export function authorize(actor: Actor, action: Action, refusal: Refusal = 'forbidden'): void {
  if (can(actor, action)) return;
  // Said plainly, whatever the route's refusal: the one-time password is why, not the record.
  if (awaitsPasswordChange(actor)) throw new AppError(ReplyCode.FORBIDDEN, 'error.passwordChangeDue');
  if (refusal === 'notFound') throw new AppError(ReplyCode.NOT_FOUND, 'error.notFound');
  if (refusal === 'forbidden') throw new AppError(ReplyCode.FORBIDDEN, 'error.forbidden');
  throw new AppError(refusal.notFound ? ReplyCode.NOT_FOUND : ReplyCode.FORBIDDEN, refusal.because);
}
