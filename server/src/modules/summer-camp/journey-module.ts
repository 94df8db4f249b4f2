import { CAMP_RESULT_RELEASE, SUMMER_CAMP_AREA } from '@gradus/contract';
import type { JourneyModule } from '../admissions/journey';
import { startCampDeadlineSweep } from './admission/promotion';
import { CAMP_DEMO_STANDING, seedSummerCampDemo } from './demo';
import { summerCampRoutes } from './routes';
import { campStaffSide } from './staff-side';

/**
 * The summer-camp journey as the core knows it (admissions/journey.ts). Its dates are each camp's
 * own (the office's Summer camps page), not stage windows of the cycle: a camper applies to the
 * camps of their programmes, each open on its own days.
 */
export const summerCampJourney: JourneyModule = {
  area: SUMMER_CAMP_AREA,
  stages: [],
  releases: [CAMP_RESULT_RELEASE],
  gates: [],
  openGates: async () => new Set<string>(),
  routes: summerCampRoutes,
  // Offers past their deadline lapse and pass to the waiting list without anyone opening a page.
  background: startCampDeadlineSweep,
  staff: campStaffSide,
  demoStanding: CAMP_DEMO_STANDING,
  seedDemo: seedSummerCampDemo,
};
