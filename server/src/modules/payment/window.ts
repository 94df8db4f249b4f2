import type { AdmissionArea } from '@gradus/contract';
import type { DB } from '../../db/database';
import { REGISTRATION_STAGE, stageWindows, withinWindow } from '../admissions/cycle';
import type { FeeWindow } from './service';

/**
 * A cycle whose fee has its own stage (`feePaid`, the doctoral and the tuimian cycles): paying is
 * possible while both registration and that stage are open, and closes with the earlier of the two.
 */
export async function feeStageWindow(db: DB, now: number, cycle: AdmissionArea, recruitYear: string): Promise<FeeWindow> {
  const w = await stageWindows(db, cycle, [REGISTRATION_STAGE, 'feePaid'] as const, recruitYear);
  const closes = [w.registration.closesAt, w.feePaid.closesAt].filter((c): c is string => Boolean(c)).sort((a, b) => Date.parse(a) - Date.parse(b));
  return { open: withinWindow(w.registration, now) && withinWindow(w.feePaid, now), closesAt: closes[0] ?? null };
}
