import { TMS_AREA, TMS_INTERVIEW_RELEASE, TMS_STAGES } from '@gradus/contract';
import type { JourneyModule } from '../admissions/journey';
import { seedTmsDemo, TMS_DEMO_STANDING } from './demo';
import { tmsRoutes } from './routes';
import { tmsStaffSide } from './staff-side';

/**
 * The recommended-exempt (tuimian) journey as the core knows it (admissions/journey.ts): the tms
 * cycle's registration, form-submission and fee windows, the form, the materials and the fee; the
 * back office reads the applications, the school reviews and the graduate school decides; the
 * school invites the eligible to the interview (复试) and records its results, which the office
 * releases. The national system's record is still to come (issue #11).
 */
export const tmsJourney: JourneyModule = {
  area: TMS_AREA,
  stages: TMS_STAGES,
  releases: [TMS_INTERVIEW_RELEASE],
  gates: [],
  openGates: async () => new Set<string>(),
  routes: tmsRoutes,
  staff: tmsStaffSide,
  demoStanding: TMS_DEMO_STANDING,
  seedDemo: seedTmsDemo,
};
