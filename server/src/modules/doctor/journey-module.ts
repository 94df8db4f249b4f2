import { DOCTOR_AREA, DOCTOR_STAGES, MENU_GATES, RELEASES } from '@gradus/contract';
import type { JourneyModule } from '../admissions/journey';
import { DOCTOR_COMMANDS } from './cli';
import { DEMO_STANDING, seedDoctoralDemo } from './demo';
import { gatesOf } from './journey/service';
import { doctorPublicRoutes, doctorRoutes } from './routes';
import { doctorStaffSide } from './staff-side';

/** The doctoral journey as the core knows it (admissions/journey.ts). */
export const doctorJourney: JourneyModule = {
  area: DOCTOR_AREA,
  stages: DOCTOR_STAGES,
  releases: RELEASES,
  gates: MENU_GATES,
  openGates: (ctx, applicant) => gatesOf(ctx, applicant),
  routes: doctorRoutes,
  publicRoutes: doctorPublicRoutes,
  commands: DOCTOR_COMMANDS,
  staff: doctorStaffSide,
  demoStanding: DEMO_STANDING,
  seedDemo: seedDoctoralDemo,
};
