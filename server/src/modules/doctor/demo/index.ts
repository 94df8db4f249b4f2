import { DOCTOR_AREA } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { setConfigValue } from '../../system-config/service';
import { seedCatalogue } from './catalogue';
import { DEMO_JOURNEYS, DEMO_STAGE_OF, seedDemoJourneys } from './journeys';

/** What the start-up banner says of each doctoral demo applicant. */
export const DEMO_STANDING: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(DEMO_STAGE_OF).map(([number, stage]) => [number, DEMO_JOURNEYS[stage]]));

/**
 * The doctoral part of the demo: research directions and supervisors under the doctoral
 * programmes, the application fee, and (with `journeys`) the demo applicants walked to their stages.
 */
export async function seedDoctoralDemo(ctx: AppContext, opts: { journeys: boolean }): Promise<void> {
  await seedCatalogue(ctx.db);
  await setConfigValue(ctx.db, ctx.clock.now(), DOCTOR_AREA, 'applicationFee', '200.00');
  if (opts.journeys) await seedDemoJourneys(ctx);
}
