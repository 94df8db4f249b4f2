import type { JourneyView, MenuGate } from '@gradus/contract';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import { missingMaterials } from '../../materials/required';
import { DOCTOR_MATERIALS } from '../materials/area';
import type { DoctorApplicant } from '../applicant';
import { journeyFacts } from './facts';
import { openGates } from './gates';
import type { FeeWindow } from '../../payment/service';
import { feeStageWindow } from '../../payment/window';
import { cycleOf, stageWindows } from './releases';
import { timeline } from './timeline';

/** The required application-phase categories without enough files yet (the materials engine's rule). */
export function missingRequiredMaterials(db: DB, applicant: { userId: number; recruitYear: string }): Promise<string[]> {
  return missingMaterials(db, DOCTOR_MATERIALS, applicant);
}

export async function applicantJourney(ctx: AppContext, applicant: DoctorApplicant): Promise<JourneyView> {
  const [facts, windows, missing] = await Promise.all([
    journeyFacts(ctx.db, applicant),
    stageWindows(ctx.db, cycleOf(applicant), applicant.recruitYear),
    missingRequiredMaterials(ctx.db, applicant),
  ]);
  return timeline(facts, windows, ctx.clock.now(), missing.length);
}

/** The menu gates open for a doctoral applicant; the core keeps them (admissions/menu-authority.ts). */
export async function gatesOf(ctx: AppContext, applicant: { userId: number; recruitYear: string; registerType: number }): Promise<Set<MenuGate>> {
  return openGates(await journeyFacts(ctx.db, applicant));
}

/** Paying is possible while both registration and the fee stage are open (the timeline's rule). */
export function feeWindow(ctx: AppContext, applicant: { recruitYear: string; registerType: number }): Promise<FeeWindow> {
  return feeStageWindow(ctx.db, ctx.clock.now(), cycleOf(applicant), applicant.recruitYear);
}
