import type { JourneyView, MenuGate } from '@gradus/contract';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import { missingIn, missingMaterials } from '../../materials/required';
import { materialSettings } from '../../materials/settings';
import { DOCTOR_MATERIALS } from '../materials/area';
import type { DoctorApplicant } from '../applicant';
import { journeyFacts, journeyRead } from './facts';
import { openGates } from './gates';
import type { FeeWindow } from '../../payment/service';
import { feeStageWindow } from '../../payment/window';
import { cycleOf } from './releases';
import { timeline } from './timeline';

/** The required application-phase categories without enough files yet (the materials engine's rule). */
export function missingRequiredMaterials(db: DB, applicant: { userId: number; recruitYear: string }): Promise<string[]> {
  return missingMaterials(db, DOCTOR_MATERIALS, applicant);
}

export async function applicantJourney(ctx: AppContext, applicant: DoctorApplicant): Promise<JourneyView> {
  const [{ facts, windows, materialCategories }, settings] = await Promise.all([journeyRead(ctx.db, applicant), materialSettings(ctx.db, DOCTOR_MATERIALS)]);
  return timeline(facts, windows, ctx.clock.now(), missingIn(settings, materialCategories).length);
}

/** The menu gates open for a doctoral applicant; the core keeps them (admissions/menu-authority.ts). */
export async function gatesOf(ctx: AppContext, applicant: { userId: number; recruitYear: string; registerType: number }): Promise<Set<MenuGate>> {
  return openGates(await journeyFacts(ctx.db, applicant));
}

/** Paying is possible while both registration and the fee stage are open (the timeline's rule). */
export function feeWindow(ctx: AppContext, applicant: { recruitYear: string; registerType: number }): Promise<FeeWindow> {
  return feeStageWindow(ctx.db, ctx.clock.now(), cycleOf(applicant), applicant.recruitYear);
}
