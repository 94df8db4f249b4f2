import { ReplyCode, type AdmissionArea } from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Applicant } from '../admissions/applicant';
import { REGISTRATION_STAGE, stageWindows, withinWindow } from '../admissions/cycle';
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

/**
 * The submission window of a cycle whose form is submitted in its own stage: inside both the
 * registration window and the `formSubmitted` stage's window (whichever is narrower). The doctoral
 * and the tuimian cycles read theirs this way.
 */
export async function stageSubmissionWindow(db: DB, now: number, cycle: AdmissionArea, recruitYear: string): Promise<FormWindow> {
  const w = await stageWindows(db, cycle, [REGISTRATION_STAGE, 'formSubmitted'] as const, recruitYear);
  const opens = [w.registration.opensAt, w.formSubmitted.opensAt].filter((v): v is string => !!v).sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null;
  const closes = [w.registration.closesAt, w.formSubmitted.closesAt].filter((v): v is string => !!v).sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
  return {
    opensAt: opens,
    closesAt: closes,
    open: withinWindow(w.registration, now) && withinWindow(w.formSubmitted, now),
    closed: closes !== null && now > Date.parse(closes),
  };
}
