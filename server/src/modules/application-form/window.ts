import { ReplyCode } from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Applicant } from '../admissions/applicant';
import type { FormDefinition, FormMessages, FormSections, FormWindow } from './definition';
import { beijingTime, isoOrNull, type FormRow } from './repo';

/**
 * The window this form answers to. A returned form has its own correction deadline instead of the
 * area's submission window: reviewers return forms after submission has closed, and the applicant
 * must still be able to correct them.
 */
export async function formWindow<S extends string>(
  def: FormDefinition<S>,
  db: DB,
  row: FormRow | undefined,
  now: number,
  applicant: Applicant,
  sections: FormSections<S>,
): Promise<FormWindow> {
  if (row?.status === 'returned' && row.returned_until !== null) {
    const until = Number(row.returned_until);
    return { opensAt: null, closesAt: isoOrNull(until), open: now <= until, closed: now > until };
  }
  return def.submissionWindow(db, now, applicant, sections);
}

/** Refuses a change outside the window, saying why: not open yet, submission over, or correction deadline passed. */
export function assertOpen(messages: FormMessages, row: FormRow | undefined, window: FormWindow, { submitting }: { submitting: boolean }): void {
  if (window.closed) {
    if (row?.status === 'returned' && row.returned_until !== null) {
      throw new AppError(ReplyCode.FORBIDDEN, messages.correctionClosed, { until: beijingTime(Number(row.returned_until)) });
    }
    throw new AppError(ReplyCode.FORBIDDEN, messages.closed);
  }
  // A draft may be prepared before submission opens; only submitting waits for it.
  if (submitting && !window.open) throw new AppError(ReplyCode.FORBIDDEN, messages.notOpen, { opensAt: window.opensAt ? beijingTime(Date.parse(window.opensAt)) : '' });
}
