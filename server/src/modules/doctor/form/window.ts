import { ReplyCode, type AdmissionArea, type FormDetailView } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { stageWindows, withinWindow } from '../journey/releases';
import { beijingTime, isoOrNull, type FormRow } from './repo';

export type FormWindow = FormDetailView['submission'];

/**
 * When the form may be submitted: inside both the registration window and the form-submission
 * stage's own window (whichever is narrower).
 */
export async function submissionWindow(db: DB, now: number, cycle: AdmissionArea, recruitYear: string): Promise<FormWindow> {
  const w = await stageWindows(db, cycle, recruitYear);
  const opens = [w.registration.opensAt, w.formSubmitted.opensAt].filter((v): v is string => !!v).sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null;
  const closes = [w.registration.closesAt, w.formSubmitted.closesAt].filter((v): v is string => !!v).sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
  return {
    opensAt: opens,
    closesAt: closes,
    open: withinWindow(w.registration, now) && withinWindow(w.formSubmitted, now),
    closed: closes !== null && now > Date.parse(closes),
  };
}

/**
 * The window this form answers to. A returned form has its own correction deadline instead of the
 * registration window: reviewers return forms after registration has closed, and the applicant
 * must still be able to correct them.
 */
export async function formWindow(db: DB, row: FormRow | undefined, now: number, cycle: AdmissionArea, recruitYear: string): Promise<FormWindow> {
  if (row?.status === 'returned' && row.returned_until !== null) {
    const until = Number(row.returned_until);
    return { opensAt: null, closesAt: isoOrNull(until), open: now <= until, closed: now > until };
  }
  return submissionWindow(db, now, cycle, recruitYear);
}

/** Refuses a change outside the window, saying why: not open yet, registration over, or correction deadline passed. */
export function assertOpen(row: FormRow | undefined, window: FormWindow, { submitting }: { submitting: boolean }): void {
  if (window.closed) {
    if (row?.status === 'returned' && row.returned_until !== null) {
      throw new AppError(ReplyCode.FORBIDDEN, 'form.error.correctionClosed', { until: beijingTime(Number(row.returned_until)) });
    }
    throw new AppError(ReplyCode.FORBIDDEN, 'form.error.closed');
  }
  // A draft may be prepared before submission opens; only submitting waits for it.
  if (submitting && !window.open) throw new AppError(ReplyCode.FORBIDDEN, 'form.error.notOpen', { opensAt: window.opensAt ? beijingTime(Date.parse(window.opensAt)) : '' });
}
