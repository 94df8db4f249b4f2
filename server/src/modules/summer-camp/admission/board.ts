import {
  CAMP_PLACE_STATUSES,
  CAMP_RESULT_RELEASE,
  type CampAttendance,
  type CampRating,
  PLACE_TAKING_STATUSES,
  ReplyCode,
  SUMMER_CAMP_AREA,
  type CampAdmissionBoardView,
  type CampCandidateView,
  type CampDraftSections,
  type CampPlaceStatus,
  type CampPlaceView,
} from '@gradus/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { releasedSet } from '../../admissions/cycle';
import { storedSections } from '../../application-form/repo';
import { currentRecruitYear } from '../../user/repo';
import { campForm } from '../form/definition';

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** A camp programme of a year, with its camp: what every admission call works on. */
export interface CampProgramme {
  recruitYear: string;
  campId: number;
  camp: CampAdmissionBoardView['camp'];
  programme: CampAdmissionBoardView['programme'];
}

/** The programme's camp in the year (the current one unless named); 404 for a programme no camp of that year recruits for. */
export async function campProgrammeOf(db: DB, programmeId: number, year?: string): Promise<CampProgramme> {
  const recruitYear = year ?? (await currentRecruitYear(db));
  const row = recruitYear
    ? await db
        .selectFrom('summer_camp_programme as cp')
        .innerJoin('summer_camp as c', 'c.id', 'cp.camp_id')
        .innerJoin('programme as p', 'p.id', 'cp.programme_id')
        .select(['c.id as camp_id', 'c.name_zh', 'c.name_en', 'c.starts_on', 'c.ends_on', 'c.confirm_closes_at', 'c.waitlist_confirm_hours', 'c.rates_campers', 'cp.capacity', 'p.id', 'p.code', 'p.name_zh as p_zh', 'p.name_en as p_en'])
        .where('cp.programme_id', '=', programmeId)
        .where('c.recruit_year', '=', recruitYear)
        .executeTakeFirst()
    : undefined;
  if (!row || !recruitYear) throw new AppError(ReplyCode.NOT_FOUND, 'campAdmission.noSuchProgramme');
  return {
    recruitYear,
    campId: row.camp_id,
    camp: {
      id: row.camp_id,
      nameZh: row.name_zh,
      nameEn: row.name_en,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      confirmClosesAt: iso(row.confirm_closes_at)!,
      waitlistConfirmHours: row.waitlist_confirm_hours,
      ratesCampers: row.rates_campers === 1,
    },
    programme: { id: row.id, code: row.code, nameZh: row.p_zh, nameEn: row.p_en, capacity: row.capacity },
  };
}

/** An eligible camper who chose the programme, with the form's facts the office weighs. */
export interface Candidate extends Omit<CampCandidateView, 'place'> {
  userId: number;
}

/**
 * The campers the graduate school found eligible this year who chose the programme (first or second
 * choice), the best rank in cohort first, then the higher GPA on its scale, then the earlier
 * submission. Camp applications are a few hundred a year: their choices are read from the forms.
 */
export async function candidatesOf(db: DB, at: CampProgramme): Promise<Candidate[]> {
  const forms = await db
    .selectFrom('application_form as f')
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .selectAll('f')
    .select(['u.applicant_number as number', 'u.name as person'])
    .where('f.area', '=', SUMMER_CAMP_AREA)
    .where('f.recruit_year', '=', at.recruitYear)
    .where('f.status', '=', 'submitted')
    .where('f.qualification', '=', 'pass')
    .execute();
  const found: Candidate[] = [];
  for (const form of forms) {
    const sections = storedSections(campForm, form) as CampDraftSections;
    const index = (sections.choices ?? []).findIndex((c) => c.programmeId === at.programme.id);
    if (index < 0) continue;
    const u = sections.undergraduate;
    found.push({
      applicationId: form.id,
      userId: form.user_id,
      applicantNumber: form.number ?? '',
      name: form.person,
      choice: index === 0 ? 1 : 2,
      school: { code: u?.schoolKind === 'listed' ? (u.schoolCode ?? null) : null, name: u?.schoolKind === 'listed' ? null : (u?.schoolName ?? null) },
      major: u?.major ?? null,
      gpa: u?.gpa ?? null,
      gpaScale: u?.gpaScale ?? null,
      rank: u?.rank ?? null,
      cohortSize: u?.cohortSize ?? null,
      submittedAt: iso(form.submitted_at),
    });
  }
  const standing = (c: Candidate) => (c.rank && c.cohortSize ? c.rank / c.cohortSize : 2);
  const gpaShare = (c: Candidate) => (c.gpa !== null && Number(c.gpaScale) > 0 ? c.gpa / Number(c.gpaScale) : 0);
  return found.sort((a, b) => standing(a) - standing(b) || gpaShare(b) - gpaShare(a) || (a.submittedAt ?? '').localeCompare(b.submittedAt ?? ''));
}

export type PlaceRow = Awaited<ReturnType<typeof placesOf>>[number];

/** The year's places of these campers, in any programme. */
export function placesOf(db: DB, recruitYear: string, userIds: readonly number[]) {
  return db
    .selectFrom('camp_place')
    .selectAll()
    .where('recruit_year', '=', recruitYear)
    .where('user_id', 'in', userIds.length ? [...userIds] : [0])
    .execute();
}

/** The programme's waiting list in order: the first is offered the next free place. */
export function waitingList(db: DB, at: CampProgramme) {
  return db
    .selectFrom('camp_place')
    .selectAll()
    .where('programme_id', '=', at.programme.id)
    .where('recruit_year', '=', at.recruitYear)
    .where('status', '=', 'waitlisted')
    .orderBy('waitlist_position')
    .orderBy('id')
    .execute();
}

/** Places of the programme by status, and those still free. */
export async function countsOf(db: DB, at: CampProgramme): Promise<CampAdmissionBoardView['counts']> {
  const rows = await db
    .selectFrom('camp_place')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('programme_id', '=', at.programme.id)
    .where('recruit_year', '=', at.recruitYear)
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(CAMP_PLACE_STATUSES.map((s) => [s, 0])) as Record<CampPlaceStatus, number>;
  for (const r of rows) counts[r.status as CampPlaceStatus] = Number(r.n);
  const taken = PLACE_TAKING_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return { ...counts, free: Math.max(0, at.programme.capacity - taken) };
}

/** Whether the summer-camp cycle's camp results of the year are out: then they no longer change. */
export async function campResultsReleased(db: DB, recruitYear: string): Promise<boolean> {
  return (await releasedSet(db, SUMMER_CAMP_AREA, [CAMP_RESULT_RELEASE], recruitYear)).has(CAMP_RESULT_RELEASE);
}

/** The first moment of a camp, Beijing time: results are recorded from then; no place is offered after. */
export const campStartMs = (startsOn: string) => Date.parse(`${startsOn}T00:00:00+08:00`);

/** The office's view of one camp programme: its places, and every eligible camper who chose it with where they stand. */
export async function admissionBoard(db: DB, at: CampProgramme, now: number): Promise<CampAdmissionBoardView> {
  const candidates = await candidatesOf(db, at);
  const [places, waiting, counts] = await Promise.all([
    placesOf(
      db,
      at.recruitYear,
      candidates.map((c) => c.userId),
    ),
    waitingList(db, at),
    countsOf(db, at),
  ]);
  const position = new Map(waiting.map((w, i) => [w.id, i + 1]));
  const placeOf = new Map(places.map((p) => [p.user_id, p]));
  const view = (p: PlaceRow): CampPlaceView => ({
    programmeId: p.programme_id,
    status: p.status as CampPlaceStatus,
    waitlistPosition: position.get(p.id) ?? null,
    confirmBy: p.status === 'offered' ? iso(p.confirm_by) : null,
    offeredAt: iso(p.offered_at),
    answeredAt: iso(p.answered_at),
    result: p.attendance ? { attendance: p.attendance as CampAttendance, rating: p.rating as CampRating | null, recordedAt: iso(p.result_at)! } : null,
  });
  const released = await campResultsReleased(db, at.recruitYear);
  return {
    recruitYear: at.recruitYear,
    camp: at.camp,
    results: { open: now >= campStartMs(at.camp.startsOn) && !released, released },
    programme: at.programme,
    counts,
    candidates: candidates.map(({ userId, ...c }) => {
      const place = placeOf.get(userId);
      return { ...c, place: place ? view(place) : null };
    }),
  };
}
