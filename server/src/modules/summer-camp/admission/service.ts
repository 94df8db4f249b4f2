import { ReplyCode, SUMMER_CAMP_AREA, type AdmitCampersRequest, type CampAdmissionBoardView, type WithdrawCampPlaceRequest } from '@gradus/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../../context';
import type { Database } from '../../../db/database';
import { lockForAppend } from '../../../db/dialect';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/app-error';
import { staffAudit, type StaffActor } from '../../admissions/staff-audit';
import { CAMP_LOCK } from '../camps/service';
import { admissionBoard, campProgrammeOf, candidatesOf, countsOf, placesOf, type Candidate, type CampProgramme } from './board';

/**
 * Admission calls take the camps' lock (camps/service.ts), so they take turns with each other and
 * with the office's camp changes: two admissions at once could otherwise both see a programme's last
 * free place, and a camp saved meanwhile could lower the places under an admission.
 */
const takeTurns = (trx: Trx) => lockForAppend(trx, CAMP_LOCK, 'summer_camp');

type Trx = Transaction<Database>;

/**
 * The campers named, each a candidate of the programme (eligible, and chose it) who holds no place
 * this year: a place elsewhere, a waiting-list position elsewhere, an offer declined or let lapse
 * all stand. `mayHold` lets a camper waiting for this programme through (admitting from its list).
 */
async function freeCandidates(trx: Trx, at: CampProgramme, applicationIds: readonly number[], mayHold: (p: { status: string; programme_id: number }) => boolean): Promise<Candidate[]> {
  const candidates = new Map((await candidatesOf(trx, at)).map((c) => [c.applicationId, c]));
  const chosen = applicationIds.map((id) => candidates.get(id));
  const stranger = applicationIds.find((_, i) => !chosen[i]);
  if (stranger !== undefined) {
    const known = await trx.selectFrom('application_form as f').innerJoin('app_user as u', 'u.id', 'f.user_id').select('u.applicant_number').where('f.id', '=', stranger).executeTakeFirst();
    if (!known) throw new AppError(ReplyCode.NOT_FOUND, 'error.applicationNotFound');
    throw new AppError(ReplyCode.CONFLICT, 'campAdmission.notCandidate', { applicant: known.applicant_number ?? '' });
  }
  const found = chosen as Candidate[];
  const places = new Map((await placesOf(trx, at.recruitYear, found.map((c) => c.userId))).map((p) => [p.user_id, p]));
  for (const c of found) {
    const place = places.get(c.userId);
    if (place && !mayHold(place)) throw new AppError(ReplyCode.CONFLICT, `campAdmission.holds.${place.status === 'waitlisted' || place.status === 'offered' || place.status === 'confirmed' ? place.status : 'answered'}`, { applicant: c.applicantNumber });
  }
  return found;
}

/** One audit row per camper: the file's history finds each by the applicant's number. */
async function auditEach(trx: Trx, now: number, event: 'camps.admit' | 'camps.waitlist' | 'camps.withdraw', actor: StaffActor, at: CampProgramme, campers: readonly { applicantNumber: string }[], extra: Record<string, unknown> = {}) {
  for (const c of campers) await staffAudit(trx, now, event, actor, { subject: c.applicantNumber, detail: { recruitYear: at.recruitYear, campId: at.campId, programmeId: at.programme.id, ...extra } });
}

/**
 * Offers each camper a place in the programme, to confirm by the camp's deadline: never beyond its
 * free places (the call names how many are left), never after the deadline. A camper on this
 * programme's waiting list may be admitted from it.
 */
export async function admitCampers(ctx: AppContext, input: AdmitCampersRequest, actor: StaffActor): Promise<CampAdmissionBoardView> {
  const now = ctx.clock.now();
  const { at, admitted } = await inTransaction(ctx.db, async (trx) => {
    await takeTurns(trx);
    const at = await campProgrammeOf(trx, input.programmeId);
    if (now >= Date.parse(at.camp.confirmClosesAt)) throw new AppError(ReplyCode.CONFLICT, 'campAdmission.deadlinePassed');
    const campers = await freeCandidates(trx, at, input.applicationIds, (p) => p.status === 'waitlisted' && p.programme_id === at.programme.id);
    const { free } = await countsOf(trx, at);
    if (campers.length > free) throw new AppError(ReplyCode.CONFLICT, 'campAdmission.full', { free, asked: campers.length });
    const offer = { status: 'offered', waitlist_position: null, confirm_by: Date.parse(at.camp.confirmClosesAt), offered_at: now, answered_at: null, updated_at: now };
    for (const c of campers) {
      const moved = await trx
        .updateTable('camp_place')
        .set((eb) => ({ ...offer, version: eb('version', '+', 1) }))
        .where('user_id', '=', c.userId)
        .where('recruit_year', '=', at.recruitYear)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) {
        await trx.insertInto('camp_place').values({ recruit_year: at.recruitYear, user_id: c.userId, camp_id: at.campId, programme_id: at.programme.id, created_at: now, ...offer }).execute();
      }
    }
    await auditEach(trx, now, 'camps.admit', actor, at, campers);
    return { at, admitted: campers };
  });
  for (const c of admitted) ctx.applicantChanged.changed(c.userId);
  return admissionBoard(ctx.db, at, now);
}

/** Puts each camper on the programme's waiting list, after those already on it, in the order given. */
export async function waitlistCampers(ctx: AppContext, input: AdmitCampersRequest, actor: StaffActor): Promise<CampAdmissionBoardView> {
  const now = ctx.clock.now();
  const { at, listed } = await inTransaction(ctx.db, async (trx) => {
    await takeTurns(trx);
    const at = await campProgrammeOf(trx, input.programmeId);
    const campers = await freeCandidates(trx, at, input.applicationIds, () => false);
    const last = await trx
      .selectFrom('camp_place')
      .select((eb) => eb.fn.max('waitlist_position').as('last'))
      .where('programme_id', '=', at.programme.id)
      .where('recruit_year', '=', at.recruitYear)
      .executeTakeFirst();
    let position = Number(last?.last ?? 0);
    for (const c of campers) {
      position += 1;
      await trx
        .insertInto('camp_place')
        .values({ recruit_year: at.recruitYear, user_id: c.userId, camp_id: at.campId, programme_id: at.programme.id, status: 'waitlisted', waitlist_position: position, created_at: now, updated_at: now })
        .execute();
    }
    await auditEach(trx, now, 'camps.waitlist', actor, at, campers);
    return { at, listed: campers };
  });
  for (const c of listed) ctx.applicantChanged.changed(c.userId);
  return admissionBoard(ctx.db, at, now);
}

/** Takes back an offer the camper has not answered, or takes them off the waiting list. A confirmed place stays. */
export async function withdrawPlace(ctx: AppContext, input: WithdrawCampPlaceRequest, actor: StaffActor): Promise<CampAdmissionBoardView> {
  const now = ctx.clock.now();
  const { at, userId } = await inTransaction(ctx.db, async (trx) => {
    await takeTurns(trx);
    const at = await campProgrammeOf(trx, input.programmeId);
    const form = await trx
      .selectFrom('application_form as f')
      .innerJoin('app_user as u', 'u.id', 'f.user_id')
      .select(['f.user_id', 'u.applicant_number'])
      .where('f.id', '=', input.applicationId)
      // This year's camp application only: another form of the same person names no camp place.
      .where('f.area', '=', SUMMER_CAMP_AREA)
      .where('f.recruit_year', '=', at.recruitYear)
      .executeTakeFirst();
    if (!form) throw new AppError(ReplyCode.NOT_FOUND, 'error.applicationNotFound');
    const before = await trx.selectFrom('camp_place').select('status').where('user_id', '=', form.user_id).where('recruit_year', '=', at.recruitYear).executeTakeFirst();
    const removed = await trx
      .deleteFrom('camp_place')
      .where('user_id', '=', form.user_id)
      .where('recruit_year', '=', at.recruitYear)
      .where('programme_id', '=', at.programme.id)
      .where('status', 'in', ['offered', 'waitlisted'])
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw new AppError(ReplyCode.CONFLICT, 'campAdmission.notWithdrawable', { applicant: form.applicant_number ?? '' });
    // What was taken back: an offer or a waiting-list position.
    await auditEach(trx, now, 'camps.withdraw', actor, at, [{ applicantNumber: form.applicant_number ?? '' }], { status: before?.status ?? null });
    return { at, userId: form.user_id };
  });
  ctx.applicantChanged.changed(userId);
  return admissionBoard(ctx.db, at, now);
}
