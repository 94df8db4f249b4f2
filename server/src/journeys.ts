import type { JourneyModule } from './modules/admissions/journey';
import { doctorJourney } from './modules/doctor/journey-module';
import { summerCampJourney } from './modules/summer-camp/journey-module';
import { tmsJourney } from './modules/tms/journey-module';

/**
 * The areas' journeys, registered with the core at start (app.ts) and with `npm run admin`. One
 * line per area: contract IMPLEMENTED_AREAS names the same areas (test/architecture.test.ts holds them equal).
 */
export const JOURNEYS: readonly JourneyModule[] = [doctorJourney, summerCampJourney, tmsJourney];
