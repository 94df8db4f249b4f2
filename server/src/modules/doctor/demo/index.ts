import { cyclesOfJourney, DOCTOR_AREA } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { setConfigValue } from '../../system-config/service';
import { seedCatalogue } from './catalogue';
import { seedCohort } from './cohort';
import { seedExpertReview } from './expert-review';
import { seedInterviews } from './interview';
import { DEMO_JOURNEYS, DEMO_STAGE_OF, seedDemoJourneys } from './journeys';
import { seedRechecks } from './rechecks';

/** What the start-up banner says of each doctoral demo applicant. */
export const DEMO_STANDING: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(DEMO_STAGE_OF).map(([number, stage]) => [number, DEMO_JOURNEYS[stage]]));

/**
 * The doctoral part of the demo: research directions and supervisors under the doctoral
 * programmes, the application fee, and (with `journeys`) the demo applicants walked to their stages
 * and the rest of the cohort spread over the states the back office works through.
 */
export async function seedDoctoralDemo(ctx: AppContext, opts: { journeys: boolean }): Promise<void> {
  await seedCatalogue(ctx.db);
  await linkSupervisorAccounts(ctx);
  // Each cycle of the doctoral journey has its own fee (the gat one: Hong Kong, Macao and Taiwan applicants).
  for (const cycle of cyclesOfJourney(DOCTOR_AREA)) await setConfigValue(ctx.db, ctx.clock.now(), cycle, 'applicationFee', '200.00');
  if (!opts.journeys) return;
  await seedDemoJourneys(ctx);
  await seedCohort(ctx);
  await seedExpertReview(ctx);
  await seedInterviews(ctx);
  await seedRechecks(ctx);
}

/** Demo supervisors who also review as internal experts (DEMO_STAFF): their own accounts. */
const SUPERVISOR_ACCOUNTS: Readonly<Record<string, string>> = { 王晓明: 'expert-wang', 周文华: 'expert-zhou', 吴敏: 'expert-wu' };

async function linkSupervisorAccounts(ctx: AppContext): Promise<void> {
  for (const [name, loginName] of Object.entries(SUPERVISOR_ACCOUNTS)) {
    const account = await ctx.db.selectFrom('app_user').select('id').where('login_name', '=', loginName).executeTakeFirst();
    if (account) await ctx.db.updateTable('supervisor').set({ user_id: account.id }).where('name', '=', name).execute();
  }
}
