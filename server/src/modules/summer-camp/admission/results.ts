import {
  CAMP_RESULT_RELEASE,
  NATIONAL_SYSTEM_WINDOW_KEY,
  RegisterType,
  ReplyCode,
  SUMMER_CAMP_AREA,
  type CampAdmissionBoardView,
  type CampAttendance,
  type CampRating,
  type CampResultView,
  type RecordCampResultsRequest,
  type TmsCampResultView,
} from '@gradus/contract';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/app-error';
import type { CycleRef, ReleaseOutcomeRow } from '../../admissions/journey';
import { staffAudit, type StaffActor } from '../../admissions/staff-audit';
import { configValue } from '../../system-config/service';
import { admissionBoard, campProgrammeOf, campResultsReleased, campStartMs } from './board';
import { takeCampTurn } from './promotion';

/**
 * The camps' results (issue #11): the office records, for each camper who confirmed a place, whether
 * they attended and, where the camp rates its campers, whether they were outstanding or passed. From
 * the camp's first day (Beijing time) until the year's results are released; the summer-camp cycle's
 * release `campResult` then shows them to the campers (releases/, two publishers).
 */
export async function recordCampResults(ctx: AppContext, input: RecordCampResultsRequest, actor: StaffActor): Promise<CampAdmissionBoardView> {
  const now = ctx.clock.now();
  const at = await inTransaction(ctx.db, async (trx) => {
    await takeCampTurn(trx);
    const at = await campProgrammeOf(trx, input.programmeId);
    if (now < campStartMs(at.camp.startsOn)) throw new AppError(ReplyCode.CONFLICT, 'campResult.notYet', { date: at.camp.startsOn });
    if (await campResultsReleased(trx, at.recruitYear)) throw new AppError(ReplyCode.CONFLICT, 'campResult.released');
    const places = await trx
      .selectFrom('application_form as f')
      .innerJoin('app_user as u', 'u.id', 'f.user_id')
      .leftJoin('camp_place as p', (j) => j.onRef('p.user_id', '=', 'f.user_id').onRef('p.recruit_year', '=', 'f.recruit_year'))
      .select(['f.id as application_id', 'u.applicant_number', 'p.id as place_id', 'p.status', 'p.programme_id'])
      .where('f.id', 'in', input.results.map((r) => r.applicationId))
      .where('f.area', '=', SUMMER_CAMP_AREA)
      .where('f.recruit_year', '=', at.recruitYear)
      .execute();
    const rows = input.results.map((r) => ({ ...r, place: places.find((p) => p.application_id === r.applicationId) }));
    for (const r of rows) {
      if (!r.place) throw new AppError(ReplyCode.NOT_FOUND, 'error.applicationNotFound');
      const who = { applicant: r.place.applicant_number ?? '' };
      if (r.place.status !== 'confirmed' || r.place.programme_id !== at.programme.id) throw new AppError(ReplyCode.CONFLICT, 'campResult.notConfirmed', who);
      if (r.attendance === 'absent' && r.rating !== null) throw new AppError(ReplyCode.BAD_INPUT, 'campResult.absentRated', who);
      if (r.attendance === 'attended' && at.camp.ratesCampers && r.rating !== 'outstanding' && r.rating !== 'passed') throw new AppError(ReplyCode.BAD_INPUT, 'campResult.ratingNeeded', who);
      if (r.attendance === 'attended' && !at.camp.ratesCampers && r.rating !== null && r.rating !== 'notRated') throw new AppError(ReplyCode.BAD_INPUT, 'campResult.notRating', who);
    }
    for (const r of rows) {
      // An activity-only camp's camper who attended is 'not rated': the page says so rather than nothing.
      const rating: CampRating | null = r.attendance === 'absent' ? null : at.camp.ratesCampers ? r.rating : 'notRated';
      await trx.updateTable('camp_place').set({ attendance: r.attendance, rating, result_by: actor.staffUserId, result_at: now, updated_at: now }).where('id', '=', r.place!.place_id!).execute();
      await staffAudit(trx, now, 'camps.result', actor, {
        subject: r.place!.applicant_number,
        detail: { recruitYear: at.recruitYear, programmeId: at.programme.id, attendance: r.attendance, rating },
      });
    }
    return at;
  });
  return admissionBoard(ctx.db, at, now);
}

/** A confirmed camper's recorded result with what the page says around it; null when none was recorded. */
async function resultOf(db: DB, row: { attendance: string | null; rating: string | null; rates_campers: number }): Promise<CampResultView | null> {
  if (!row.attendance) return null;
  const window = await configValue(db, SUMMER_CAMP_AREA, NATIONAL_SYSTEM_WINDOW_KEY);
  return { attendance: row.attendance as CampAttendance, rating: row.rating as CampRating | null, ratesCampers: row.rates_campers === 1, nationalSystemWindow: window?.trim() || null };
}

/** The year's confirmed campers with their camp (and its rules) and result. */
function confirmedCampers(db: DB, recruitYear: string) {
  return db
    .selectFrom('camp_place as p')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .innerJoin('summer_camp as c', 'c.id', 'p.camp_id')
    .select(['u.id as user_id', 'u.applicant_number', 'u.name', 'u.email', 'p.attendance', 'p.rating', 'c.rates_campers'])
    .where('p.recruit_year', '=', recruitYear)
    .where('p.status', '=', 'confirmed')
    .where('u.user_register_type', '=', RegisterType.SUMMER_CAMP)
    .orderBy('u.applicant_number');
}

/** Release outcomes of the camp results: every camper who confirmed a place, with their rating or attendance ('none' before one is recorded). */
export async function campResultOutcomes(ctx: AppContext, cycle: CycleRef, release: string): Promise<ReleaseOutcomeRow[]> {
  if (release !== CAMP_RESULT_RELEASE) return [];
  const rows = await confirmedCampers(ctx.db, cycle.recruitYear).execute();
  return rows.map((r) => ({ userId: r.user_id, applicantNumber: r.applicant_number ?? '', name: r.name, email: r.email, outcome: r.rating ?? r.attendance ?? 'none' }));
}

/** One confirmed camper's result as they will read it once released; null when no camper of the year confirmed a place under that number. */
export async function campResultAsReleased(ctx: AppContext, cycle: CycleRef, release: string, applicantNumber: string) {
  if (release !== CAMP_RESULT_RELEASE) return null;
  const row = await confirmedCampers(ctx.db, cycle.recruitYear).where('u.applicant_number', '=', applicantNumber).executeTakeFirst();
  if (!row) return null;
  return { applicantNumber: row.applicant_number ?? '', name: row.name, result: { kind: 'campResult' as const, view: await resultOf(ctx.db, row) } };
}

/** The camper's own released result, for the qualification page; null before the release or without a recorded result. */
export async function releasedCampResult(db: DB, who: { userId: number; recruitYear: string }): Promise<CampResultView | null> {
  if (!(await campResultsReleased(db, who.recruitYear))) return null;
  const row = await db
    .selectFrom('camp_place as p')
    .innerJoin('summer_camp as c', 'c.id', 'p.camp_id')
    .select(['p.attendance', 'p.rating', 'c.rates_campers'])
    .where('p.user_id', '=', who.userId)
    .where('p.recruit_year', '=', who.recruitYear)
    .where('p.status', '=', 'confirmed')
    .executeTakeFirst();
  return row ? resultOf(db, row) : null;
}

/**
 * The released results of camps a person attended, found by their ID number (a recommended-exempt
 * applicant signs in with an account of their own, not their camp account): what their tuimian form
 * may link (issue #11). Only years whose results are released, only camps attended.
 */
export async function attendedCampResultsOf(db: DB, idNumber: string): Promise<TmsCampResultView[]> {
  const rows = await db
    .selectFrom('camp_place as p')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .innerJoin('summer_camp as c', 'c.id', 'p.camp_id')
    .innerJoin('programme as g', 'g.id', 'p.programme_id')
    .select(['p.id', 'p.recruit_year', 'p.programme_id', 'p.attendance', 'p.rating', 'c.name_zh', 'c.name_en', 'g.name_zh as programme_zh', 'g.name_en as programme_en'])
    .where('u.id_number', '=', idNumber)
    .where('u.user_register_type', '=', RegisterType.SUMMER_CAMP)
    .where('p.status', '=', 'confirmed')
    .where('p.attendance', '=', 'attended')
    .orderBy('p.recruit_year', 'desc')
    .execute();
  const out: TmsCampResultView[] = [];
  for (const r of rows) {
    if (!(await campResultsReleased(db, r.recruit_year))) continue;
    out.push({
      placeId: r.id,
      recruitYear: r.recruit_year,
      campNameZh: r.name_zh,
      campNameEn: r.name_en,
      programmeId: r.programme_id,
      programmeNameZh: r.programme_zh,
      programmeNameEn: r.programme_en,
      attendance: r.attendance as CampAttendance,
      rating: r.rating as CampRating | null,
    });
  }
  return out;
}
