import { TMS_AREA } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { setStageWindow } from '../../admissions/cycle';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { setConfigValue } from '../../system-config/service';
import { currentRecruitYear } from '../../user/repo';
import { INVITED_TUIMIAN, seedInvitedTuimian } from './invited';
import { seedSubmittedTuimianApplicant, SUBMITTED_TUIMIAN } from './submitted';

const DAY = 86_400_000;

/** Where each tuimian demo applicant stands, by number: the start-up banner prints it. */
export const TMS_DEMO_STANDING: Readonly<Record<string, string>> = {
  '2027500001': 'recommended-exempt: applications open for another 20 days, form not started',
  [INVITED_TUIMIAN.number]: `recommended-exempt (${INVITED_TUIMIAN.name}): passed by the school and the graduate school, invited to the interview in 5 days, to answer within 2`,
  [SUBMITTED_TUIMIAN.number]: `recommended-exempt (${SUBMITTED_TUIMIAN.name}): form and materials submitted, waiting for the school's review`,
};

/** `days` from now at a whole hour, Beijing time (ISO), as the office would announce it. */
function beijingAt(now: number, days: number, hour: number): string {
  const d = new Date(now + days * DAY);
  d.setUTCHours(hour - 8, 0, 0, 0);
  return d.toISOString();
}

/** The tms cycle's application fee: its own amount, not the doctoral one. */
export const TMS_DEMO_FEE = '100.00';

/**
 * The tms cycle's fee, and (with the demo journeys) its form-submission and fee windows, open today
 * (whatever day the demo starts) for 20 more days, so 王芳 can fill in and submit the form, pay,
 * and reads when each closes; 何思远, invited to the interview (invited.ts); 罗欣怡, waiting for the
 * school's review (submitted.ts). Tests on bare
 * accounts set their own windows.
 */
export async function seedTmsDemo(ctx: AppContext, opts: { journeys: boolean }): Promise<void> {
  const now = ctx.clock.now();
  await setConfigValue(ctx.db, now, TMS_AREA, 'applicationFee', TMS_DEMO_FEE);
  if (!opts.journeys) return;
  for (const stage of ['formSubmitted', 'feePaid']) {
    await setStageWindow(ctx.db, now, TMS_AREA, stage, { opensAt: beijingAt(now, -10, 9), closesAt: beijingAt(now, 20, 17) }, { actor: PORTAL_ACTOR });
  }
  const year = await currentRecruitYear(ctx.db);
  if (!year) return;
  await seedInvitedTuimian(ctx, year);
  await seedSubmittedTuimianApplicant(ctx, year);
}
