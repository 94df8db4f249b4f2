import type { AppContext } from '../../../context';
import { currentRecruitYear } from '../../user/repo';
import { seedDemoCampPlaces } from './admission';
import { DEFAULT_DAYS, DEMO_CAMPS } from './camps';
import { seedDemoCampers } from './campers';

const DAY = 86_400_000;

/** Where the summer-camp demo applicant stands, by number: the start-up banner prints it. */
export const CAMP_DEMO_STANDING: Readonly<Record<string, string>> = {
  '2027300001': 'summer camp: two camps open for applications, form not started; fifteen other campers have applied, at each step of the review, of camp admission and of a camp already held',
};

/** A Beijing calendar day `days` from now ('YYYY-MM-DD'). */
const beijingDay = (now: number, days: number) => new Date(now + days * DAY + 8 * 3600_000).toISOString().slice(0, 10);
/** `days` from now at a whole hour, Beijing time, as the office would announce it (epoch ms). */
function beijingAt(now: number, days: number, hour: number): number {
  const d = new Date(now + days * DAY);
  d.setUTCHours(hour - 8, 0, 0, 0);
  return d.getTime();
}

/**
 * The demo's camps of the current year, open for applications now (whatever day the demo starts),
 * so the summer-camp demo applicant can fill in and submit the form. Only with the demo journeys:
 * tests on bare accounts define their own camps.
 */
export async function seedSummerCampDemo(ctx: AppContext, opts: { journeys: boolean }): Promise<void> {
  if (!opts.journeys) return;
  const year = await currentRecruitYear(ctx.db);
  if (!year) return;
  const now = ctx.clock.now();
  for (const camp of DEMO_CAMPS) {
    const days = camp.days ?? DEFAULT_DAYS;
    const department = camp.department ? await ctx.db.selectFrom('department').select('id').where('code', '=', camp.department).executeTakeFirst() : undefined;
    const { id } = await ctx.db
      .insertInto('summer_camp')
      .values({
        recruit_year: year,
        name_zh: camp.nameZh,
        name_en: camp.nameEn,
        department_id: department?.id ?? null,
        starts_on: beijingDay(now, days.starts),
        ends_on: beijingDay(now, days.ends),
        mode: camp.mode,
        place_zh: camp.placeZh,
        place_en: camp.placeEn,
        apply_opens_at: beijingAt(now, days.opens, 9),
        apply_closes_at: beijingAt(now, days.closes, 17),
        confirm_closes_at: beijingAt(now, days.confirm, 17),
        waitlist_confirm_hours: 48,
        rates_campers: camp.ratesCampers ? 1 : 0,
        decline_undoable: 1,
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const p of camp.programmes) {
      const programme = await ctx.db.selectFrom('programme').select('id').where('code', '=', p.code).executeTakeFirstOrThrow();
      await ctx.db.insertInto('summer_camp_programme').values({ camp_id: id, programme_id: programme.id, capacity: p.capacity }).execute();
    }
  }
  await seedDemoCampPlaces(ctx, await seedDemoCampers(ctx, year));
}
