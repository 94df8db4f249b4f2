import { PLACE_TAKING_STATUSES } from '@gradus/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../../context';
import type { Database } from '../../../db/database';
import { lockForAppend } from '../../../db/dialect';
import { inTransaction } from '../../../db/transaction';
import { runEvery } from '../../../lib/every';
import { audit } from '../../audit/service';
import { CAMP_LOCK } from '../camps/service';
import { campStartMs } from './board';
import { tellPromotedCampers, type PromotedCamper } from './promotion-mail';

type Trx = Transaction<Database>;

const HOUR = 3_600_000;

/** The camps' lock: place changes take turns with each other and with the office's camp changes. */
export const takeCampTurn = (trx: Trx) => lockForAppend(trx, CAMP_LOCK, 'summer_camp');

/**
 * Offers the programme's free places to the first campers on its waiting list, in order, each with
 * a deadline of their own: the camp's hours for a waiting-list camper, never past the camp's first
 * day. Runs inside the transaction that freed the place and under the camps' lock, so two declines
 * at once promote two different campers: the second sees the first's promotion. Returns whom it
 * offered a place, for the mail sent after the commit.
 */
export async function fillFreePlaces(trx: Trx, now: number, programmeId: number, recruitYear: string): Promise<PromotedCamper[]> {
  const camp = await trx
    .selectFrom('summer_camp_programme as cp')
    .innerJoin('summer_camp as c', 'c.id', 'cp.camp_id')
    .select(['cp.capacity', 'c.starts_on', 'c.waitlist_confirm_hours'])
    .where('cp.programme_id', '=', programmeId)
    .where('c.recruit_year', '=', recruitYear)
    .executeTakeFirst();
  if (!camp) return [];
  const starts = campStartMs(camp.starts_on);
  if (now >= starts) return [];
  const taken = await trx
    .selectFrom('camp_place')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('programme_id', '=', programmeId)
    .where('recruit_year', '=', recruitYear)
    .where('status', 'in', [...PLACE_TAKING_STATUSES])
    .executeTakeFirstOrThrow();
  const free = camp.capacity - Number(taken.n);
  if (free <= 0) return [];
  const next = await trx
    .selectFrom('camp_place as p')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.user_id', 'p.waitlist_position', 'u.applicant_number'])
    .where('p.programme_id', '=', programmeId)
    .where('p.recruit_year', '=', recruitYear)
    .where('p.status', '=', 'waitlisted')
    .orderBy('p.waitlist_position')
    .orderBy('p.id')
    .limit(free)
    .execute();
  const confirmBy = Math.min(now + camp.waitlist_confirm_hours * HOUR, starts);
  const promoted: PromotedCamper[] = [];
  for (const w of next) {
    await trx
      .updateTable('camp_place')
      .set((eb) => ({ status: 'offered', waitlist_position: null, confirm_by: confirmBy, offered_at: now, answered_at: null, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', w.id)
      .where('status', '=', 'waitlisted')
      .execute();
    await audit(trx, now, 'camps.promote', { subject: w.applicant_number, detail: { recruitYear, programmeId, position: w.waitlist_position, confirmBy: new Date(confirmBy).toISOString() } });
    promoted.push({ userId: w.user_id, confirmBy });
  }
  return promoted;
}

/**
 * Lets every offer whose deadline has passed lapse ('expired'), and offers each place so freed to
 * the next camper waiting. Run by the scheduler every few seconds and before a camper's own call
 * reads or answers their place, so a page never shows an offer that can no longer be taken. Each
 * offer is claimed by a conditional update under the camps' lock: several instances sweeping at
 * once expire it, and promote for it, once.
 */
export async function settleLapsedOffers(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db.selectFrom('camp_place').select('id').where('status', '=', 'offered').where('confirm_by', '<=', now).limit(500).execute();
  if (due.length === 0) return 0;
  const { lapsed, promoted } = await inTransaction(ctx.db, async (trx) => {
    await takeCampTurn(trx);
    const rows = await trx
      .selectFrom('camp_place as p')
      .innerJoin('app_user as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.user_id', 'p.programme_id', 'p.recruit_year', 'p.confirm_by', 'u.applicant_number'])
      .where('p.id', 'in', due.map((d) => d.id))
      .where('p.status', '=', 'offered')
      .where('p.confirm_by', '<=', now)
      .execute();
    const freed = new Map<string, { programmeId: number; recruitYear: string }>();
    for (const r of rows) {
      await trx
        .updateTable('camp_place')
        .set((eb) => ({ status: 'expired', answered_at: now, updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', r.id)
        .execute();
      await audit(trx, now, 'camps.expire', { subject: r.applicant_number, detail: { recruitYear: r.recruit_year, programmeId: r.programme_id, confirmBy: new Date(Number(r.confirm_by)).toISOString() } });
      freed.set(`${r.programme_id}/${r.recruit_year}`, { programmeId: r.programme_id, recruitYear: r.recruit_year });
    }
    const promoted: PromotedCamper[] = [];
    for (const f of freed.values()) promoted.push(...(await fillFreePlaces(trx, now, f.programmeId, f.recruitYear)));
    return { lapsed: rows, promoted };
  });
  for (const r of lapsed) ctx.applicantChanged.changed(r.user_id);
  await tellPromotedCampers(ctx, promoted);
  return lapsed.length;
}

const EVERY_MS = 5_000;

/** Looks for lapsed offers every few seconds (an indexed read of the offered places). */
export function startCampDeadlineSweep(ctx: AppContext): { stop(): Promise<void> } {
  // With several instances, one at a time settles lapsed offers (and mails the campers promoted).
  return runEvery(EVERY_MS, () => ctx.locks.runExclusive('camp-offers', 10_000, () => settleLapsedOffers(ctx)), (err) => ctx.log.error({ err }, 'lapsed camp offers could not be settled'));
}
