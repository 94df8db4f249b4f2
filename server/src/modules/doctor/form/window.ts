import type { AdmissionArea } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { stageWindows, withinWindow } from '../journey/releases';
import type { FormWindow } from '../../application-form/definition';

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
