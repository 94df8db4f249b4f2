import { SUMMER_CAMP_AREA } from '@gradus/contract';
import type { JourneyModule } from '../admissions/journey';
import { CAMP_DEMO_STANDING, seedSummerCampDemo } from './demo';
import { summerCampRoutes } from './routes';

/**
 * The summer-camp journey as the core knows it (admissions/journey.ts). Its dates are each camp's
 * own (the office's Summer camps page), not stage windows of the cycle: a camper applies to the
 * camps of their programmes, each open on its own days.
 */
export const summerCampJourney: JourneyModule = {
  area: SUMMER_CAMP_AREA,
  stages: [],
  releases: [],
  gates: [],
  openGates: async () => new Set<string>(),
  routes: summerCampRoutes,
  demoStanding: CAMP_DEMO_STANDING,
  seedDemo: seedSummerCampDemo,
};
