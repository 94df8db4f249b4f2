import {
  PLACE_TAKING_STATUSES,
  ReplyCode,
  SUMMER_CAMP_AREA,
  type CampDraftSections,
  type CampMode,
  type CampPlaceStatus,
  type CampQualificationView,
  type ConfirmCampPlaceRequest,
} from '@gradus/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../../context';
import type { Database, DB } from '../../../db/database';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/app-error';
import { beijingTime, storedSections } from '../../application-form/repo';
import { applicationProgress } from '../../admissions/progress';
import { audit } from '../../audit/service';
import { campStartMs } from '../admission/board';
import { fillFreePlaces, settleLapsedOffers, takeCampTurn } from '../admission/promotion';
import { tellPromotedCampers, type PromotedCamper } from '../admission/promotion-mail';
import { releasedCampResult } from '../admission/results';
import type { CampApplicant } from '../applicant';
import { campForm } from '../form/definition';

type Trx = Transaction<Database>;
const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The camper's place this year with its camp's rules, or null. */
async function placeOf(db: DB, applicant: CampApplicant) {
  return db
    .selectFrom('camp_place as p')
    .innerJoin('summer_camp as c', 'c.id', 'p.camp_id')
    .innerJoin('summer_camp_programme as cp', (j) => j.onRef('cp.camp_id', '=', 'p.camp_id').onRef('cp.programme_id', '=', 'p.programme_id'))
    .select(['p.id', 'p.status', 'p.version', 'p.programme_id', 'p.recruit_year', 'p.confirm_by', 'p.offered_at', 'p.answered_at', 'p.waitlist_position', 'p.camp_id'])
    .select(['c.starts_on', 'c.decline_undoable', 'cp.capacity'])
    .where('p.user_id', '=', applicant.userId)
    .where('p.recruit_year', '=', applicant.recruitYear)
    .executeTakeFirst();
}
type PlaceRow = NonNullable<Awaited<ReturnType<typeof placeOf>>>;

async function freePlacesOf(db: DB, place: PlaceRow): Promise<number> {
  const taken = await db
    .selectFrom('camp_place')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('programme_id', '=', place.programme_id)
    .where('recruit_year', '=', place.recruit_year)
    .where('status', 'in', [...PLACE_TAKING_STATUSES])
    .executeTakeFirstOrThrow();
  return place.capacity - Number(taken.n);
}

/**
 * What the camper may do with their place now. An offer is answered by its deadline; a confirmed
 * place may still be given up until the camp begins (someone waiting then gets it); a decline is
 * taken back only where the camp allows it, by the place's own deadline, while the place is free.
 */
function abilities(place: PlaceRow, now: number, free: number) {
  const beforeStart = now < campStartMs(place.starts_on);
  const answerable = place.confirm_by !== null && now < Number(place.confirm_by);
  const undoable = place.decline_undoable === 1;
  return {
    canConfirm: place.status === 'offered' && answerable,
    canDecline: beforeStart && ((place.status === 'offered' && answerable) || place.status === 'confirmed'),
    canUndoDecline: place.status === 'declined' && undoable && answerable && beforeStart && free > 0,
    undoUntil: undoable && place.confirm_by !== null ? iso(place.confirm_by) : null,
  };
}

/** Where the camp application stands (admissions/progress.ts), and the form's first choice as the form engine reads it. */
async function applicationOf(db: DB, applicant: CampApplicant): Promise<{ view: CampQualificationView['application']; firstChoice: number | null }> {
  const { view, form } = await applicationProgress(db, applicant, SUMMER_CAMP_AREA);
  const firstChoice = (storedSections(campForm, form) as CampDraftSections).choices?.[0]?.programmeId ?? null;
  return { view, firstChoice };
}

/** The camp a programme belongs to in the year, with the programme's names. */
async function campOfProgramme(db: DB, programmeId: number, recruitYear: string) {
  const row = await db
    .selectFrom('summer_camp_programme as cp')
    .innerJoin('summer_camp as c', 'c.id', 'cp.camp_id')
    .innerJoin('programme as p', 'p.id', 'cp.programme_id')
    .select(['c.name_zh', 'c.name_en', 'c.starts_on', 'c.ends_on', 'c.mode', 'c.place_zh', 'c.place_en', 'c.confirm_closes_at', 'c.decline_undoable', 'c.rates_campers'])
    .select(['p.code', 'p.name_zh as p_zh', 'p.name_en as p_en'])
    .where('cp.programme_id', '=', programmeId)
    .where('c.recruit_year', '=', recruitYear)
    .executeTakeFirst();
  if (!row) return { camp: null, programme: null };
  return {
    camp: {
      nameZh: row.name_zh,
      nameEn: row.name_en,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      mode: row.mode as CampMode,
      placeZh: row.place_zh,
      placeEn: row.place_en,
      confirmClosesAt: iso(row.confirm_closes_at)!,
      declineUndoable: row.decline_undoable === 1,
      ratesCampers: row.rates_campers === 1,
    },
    programme: { code: row.code, nameZh: row.p_zh, nameEn: row.p_en },
  };
}

/** The waiting-list position as the camper reads it: 1 for the first still waiting. */
async function positionOf(db: DB, place: PlaceRow): Promise<number | null> {
  if (place.status !== 'waitlisted') return null;
  const ahead = await db
    .selectFrom('camp_place')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('programme_id', '=', place.programme_id)
    .where('recruit_year', '=', place.recruit_year)
    .where('status', '=', 'waitlisted')
    .where((eb) => eb.or([eb('waitlist_position', '<', place.waitlist_position), eb.and([eb('waitlist_position', '=', place.waitlist_position), eb('id', '<', place.id)])]))
    .executeTakeFirstOrThrow();
  return Number(ahead.n) + 1;
}

/**
 * The camper's qualification page: their application's standing and their place. Offers past their
 * deadline are settled first, so the page never offers what can no longer be taken.
 */
export async function campQualification(ctx: AppContext, applicant: CampApplicant): Promise<CampQualificationView> {
  await settleLapsedOffers(ctx);
  const now = ctx.clock.now();
  const { db } = ctx;
  const [{ view: application, firstChoice }, place] = await Promise.all([applicationOf(db, applicant), placeOf(db, applicant)]);
  const programmeId = place?.programme_id ?? firstChoice;
  const { camp, programme } = programmeId === null ? { camp: null, programme: null } : await campOfProgramme(db, programmeId, applicant.recruitYear);
  return {
    now: new Date(now).toISOString(),
    recruitYear: applicant.recruitYear,
    application,
    place: place
      ? {
          status: place.status as CampPlaceStatus,
          version: place.version,
          waitlistPosition: await positionOf(db, place),
          confirmBy: iso(place.confirm_by),
          offeredAt: iso(place.offered_at),
          answeredAt: iso(place.answered_at),
          ...abilities(place, now, await freePlacesOf(db, place)),
        }
      : null,
    camp,
    programme,
    result: await releasedCampResult(db, applicant),
  };
}

/**
 * One answer to the camper's place, in one transaction under the camps' lock: the place is read
 * again there, its version compared with the page's, the rule checked, the change and its audit
 * row written, and any place it frees offered to the next camper waiting.
 */
async function answer(
  ctx: AppContext,
  applicant: CampApplicant,
  input: ConfirmCampPlaceRequest,
  event: 'camps.confirm' | 'camps.decline' | 'camps.undoDecline',
  change: (trx: Trx, place: PlaceRow, now: number) => Promise<{ status: CampPlaceStatus; promoted: PromotedCamper[] }>,
): Promise<CampQualificationView> {
  await settleLapsedOffers(ctx);
  const now = ctx.clock.now();
  const promoted = await inTransaction(ctx.db, async (trx) => {
    await takeCampTurn(trx);
    const place = await placeOf(trx, applicant);
    if (!place) throw new AppError(ReplyCode.NOT_FOUND, 'campPlace.none');
    if (place.version !== input.version) throw new AppError(ReplyCode.CONFLICT, 'campPlace.stale');
    const { status, promoted } = await change(trx, place, now);
    await trx
      .updateTable('camp_place')
      .set((eb) => ({ status, answered_at: status === 'offered' ? null : now, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', place.id)
      .execute();
    await audit(trx, now, event, {
      userId: applicant.userId,
      subject: applicant.applicantNumber,
      detail: { recruitYear: place.recruit_year, programmeId: place.programme_id, from: place.status, to: status },
    });
    // The place a decline frees goes to the next camper waiting, in this same turn.
    if (status === 'declined') promoted.push(...(await fillFreePlaces(trx, now, place.programme_id, place.recruit_year)));
    return promoted;
  });
  ctx.applicantChanged.changed(applicant.userId);
  await tellPromotedCampers(ctx, promoted);
  return campQualification(ctx, applicant);
}

const deadline = (place: PlaceRow) => ({ deadline: place.confirm_by === null ? '' : beijingTime(Number(place.confirm_by)) });

export function confirmCampPlace(ctx: AppContext, applicant: CampApplicant, input: ConfirmCampPlaceRequest): Promise<CampQualificationView> {
  return answer(ctx, applicant, input, 'camps.confirm', async (_trx, place, now) => {
    if (place.status !== 'offered') throw new AppError(ReplyCode.CONFLICT, 'campPlace.notOffered');
    if (place.confirm_by === null || now >= Number(place.confirm_by)) throw new AppError(ReplyCode.CONFLICT, 'campPlace.confirmClosed', deadline(place));
    return { status: 'confirmed', promoted: [] };
  });
}

export function declineCampPlace(ctx: AppContext, applicant: CampApplicant, input: ConfirmCampPlaceRequest): Promise<CampQualificationView> {
  return answer(ctx, applicant, input, 'camps.decline', async (_trx, place, now) => {
    if (place.status !== 'offered' && place.status !== 'confirmed') throw new AppError(ReplyCode.CONFLICT, 'campPlace.notDeclinable');
    if (now >= campStartMs(place.starts_on)) throw new AppError(ReplyCode.CONFLICT, 'campPlace.campStarted');
    if (place.status === 'offered' && (place.confirm_by === null || now >= Number(place.confirm_by))) throw new AppError(ReplyCode.CONFLICT, 'campPlace.confirmClosed', deadline(place));
    return { status: 'declined', promoted: [] };
  });
}

export function undoCampDecline(ctx: AppContext, applicant: CampApplicant, input: ConfirmCampPlaceRequest): Promise<CampQualificationView> {
  return answer(ctx, applicant, input, 'camps.undoDecline', async (trx, place, now) => {
    if (place.status !== 'declined') throw new AppError(ReplyCode.CONFLICT, 'campPlace.notDeclined');
    if (place.decline_undoable !== 1) throw new AppError(ReplyCode.CONFLICT, 'campPlace.undoNotAllowed');
    if (now >= campStartMs(place.starts_on)) throw new AppError(ReplyCode.CONFLICT, 'campPlace.campStarted');
    if (place.confirm_by === null || now >= Number(place.confirm_by)) throw new AppError(ReplyCode.CONFLICT, 'campPlace.undoClosed', deadline(place));
    if ((await freePlacesOf(trx, place)) <= 0) throw new AppError(ReplyCode.CONFLICT, 'campPlace.placeTaken');
    // Back to an offer with its deadline: the camper confirms it as any other.
    return { status: 'offered', promoted: [] };
  });
}
