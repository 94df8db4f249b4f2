import { ReplyCode, type CampListView, type CampMode, type CampView, type DeleteCampRequest, type Language, type SaveCampInput } from '@gradus/contract';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import { lockForAppend } from '../../../db/dialect';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/app-error';
import { isChinese } from '../../../locales';
import { staffAudit, type StaffActor } from '../../admissions/staff-audit';
import { currentRecruitYear } from '../../user/repo';
import { applicationsByProgramme, applicationsChoosing, placesGiven } from './applications';

/**
 * The year's summer camps (issue #11), defined by the admissions office: when and where each runs,
 * the places each of its programmes offers, when campers apply and until when an admitted camper
 * confirms. Departments and programmes are read from the catalogue tables themselves (every degree:
 * camps recruit for master's and direct doctoral places), never through an area's module.
 */

/** Camp saves take turns ('camp' in ASCII): the one-camp-per-programme check and the write are then one step. */
export const CAMP_LOCK = 0x63616d70;
const BEIJING_MS = 8 * 3600_000;

/** A moment as the office set it: Beijing time, with its offset ('2027-06-01T09:00:00+08:00'). */
const beijing = (ms: number | string): string => `${new Date(Number(ms) + BEIJING_MS).toISOString().slice(0, 19)}+08:00`;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

async function yearOf(db: DB, recruitYear: string | undefined): Promise<string> {
  const year = recruitYear ?? (await currentRecruitYear(db));
  if (!year) throw new AppError(ReplyCode.CONFLICT, 'camps.noCurrentYear');
  const known = await db.selectFrom('recruit_year').select('id').where('year', '=', year).executeTakeFirst();
  if (!known) throw new AppError(ReplyCode.NOT_FOUND, 'cycle.yearUnknown', { year });
  return year;
}

/** The camps (all of a year, or the one named) as the page shows them, in the order they run. */
async function campViews(db: DB, where: { recruitYear: string } | { id: number }): Promise<CampView[]> {
  let query = db
    .selectFrom('summer_camp as c')
    .leftJoin('department as d', 'd.id', 'c.department_id')
    .selectAll('c')
    .select(['d.name_zh as department_name_zh', 'd.name_en as department_name_en']);
  query = 'id' in where ? query.where('c.id', '=', where.id) : query.where('c.recruit_year', '=', where.recruitYear);
  const camps = await query.orderBy('c.starts_on').orderBy('c.id').execute();
  const ids = camps.map((c) => c.id);
  const programmes = ids.length
    ? await db
        .selectFrom('summer_camp_programme as cp')
        .innerJoin('programme as p', 'p.id', 'cp.programme_id')
        .select(['cp.camp_id', 'cp.programme_id', 'cp.capacity', 'p.code', 'p.name_zh', 'p.name_en'])
        .where('cp.camp_id', 'in', ids)
        .orderBy('p.code')
        .orderBy('p.id')
        .execute()
    : [];
  return camps.map((c) => {
    const own = programmes.filter((p) => p.camp_id === c.id).map((p) => ({ programmeId: p.programme_id, code: p.code, nameZh: p.name_zh, nameEn: p.name_en, capacity: p.capacity }));
    return {
      id: c.id,
      version: c.version,
      recruitYear: c.recruit_year,
      nameZh: c.name_zh,
      nameEn: c.name_en,
      department: c.department_id === null ? null : { id: c.department_id, nameZh: c.department_name_zh ?? '', nameEn: c.department_name_en ?? '' },
      startsOn: c.starts_on,
      endsOn: c.ends_on,
      mode: c.mode as CampMode,
      placeZh: c.place_zh,
      placeEn: c.place_en,
      applyOpensAt: beijing(c.apply_opens_at),
      applyClosesAt: beijing(c.apply_closes_at),
      confirmClosesAt: beijing(c.confirm_closes_at),
      waitlistConfirmHours: c.waitlist_confirm_hours,
      ratesCampers: c.rates_campers === 1,
      declineUndoable: c.decline_undoable === 1,
      programmes: own,
      places: own.reduce((n, p) => n + p.capacity, 0),
      updatedAt: iso(c.updated_at),
    };
  });
}

async function campView(db: DB, id: number): Promise<CampView> {
  const [camp] = await campViews(db, { id });
  if (!camp) throw new AppError(ReplyCode.NOT_FOUND, 'camps.notFound');
  return camp;
}

/** The year's camps (the current year unless another is asked for), every year there is, and what a camp may name. */
export async function listCamps(db: DB, recruitYear?: string): Promise<CampListView> {
  const year = await yearOf(db, recruitYear);
  const [camps, years, departments, programmes] = await Promise.all([
    campViews(db, { recruitYear: year }),
    db.selectFrom('recruit_year').select('year').orderBy('year', 'desc').execute(),
    db.selectFrom('department').select(['id', 'code', 'name_zh', 'name_en']).orderBy('order_num').orderBy('id').execute(),
    db.selectFrom('programme').select(['id', 'department_id', 'code', 'name_zh', 'name_en', 'degree']).orderBy('department_id').orderBy('code').orderBy('id').execute(),
  ]);
  return {
    recruitYear: year,
    recruitYears: years.map((y) => y.year),
    camps,
    options: {
      departments: departments.map((d) => ({ id: d.id, code: d.code, nameZh: d.name_zh, nameEn: d.name_en })),
      programmes: programmes.map((p) => ({ id: p.id, departmentId: p.department_id, code: p.code, nameZh: p.name_zh, nameEn: p.name_en, degree: p.degree })),
    },
  };
}

/** What the audit trail keeps of a camp, before and after a change. */
function auditedCamp(camp: CampView) {
  return {
    recruitYear: camp.recruitYear,
    nameZh: camp.nameZh,
    nameEn: camp.nameEn,
    departmentId: camp.department?.id ?? null,
    startsOn: camp.startsOn,
    endsOn: camp.endsOn,
    mode: camp.mode,
    placeZh: camp.placeZh,
    placeEn: camp.placeEn,
    applyOpensAt: camp.applyOpensAt,
    applyClosesAt: camp.applyClosesAt,
    confirmClosesAt: camp.confirmClosesAt,
    waitlistConfirmHours: camp.waitlistConfirmHours,
    ratesCampers: camp.ratesCampers,
    declineUndoable: camp.declineUndoable,
    programmes: camp.programmes.map((p) => `${p.code}:${p.capacity}`),
  };
}

/** A name from the catalogue as the reader's language shows it. */
const named = (lang: Language, zh: string, en: string) => (isChinese(lang) ? zh : en);

/**
 * Defines a new camp (no id) or changes one (its id and the version read). Refused with nothing
 * changed: a year that does not exist, a school or programme that does not, a programme of another
 * school than the camp's, a programme already in another camp of the year, a programme taken out
 * that submitted applications choose, a change based on a version someone else changed meanwhile.
 */
export async function saveCamp(ctx: AppContext, input: SaveCampInput, actor: StaffActor, lang: Language): Promise<CampView> {
  const { db } = ctx;
  await yearOf(db, input.recruitYear);
  const department = input.departmentId === null ? null : await db.selectFrom('department').select(['id', 'name_zh', 'name_en']).where('id', '=', input.departmentId).executeTakeFirst();
  if (input.departmentId !== null && !department) throw new AppError(ReplyCode.BAD_INPUT, 'camps.departmentUnknown', { id: input.departmentId });
  const programmeIds = input.programmes.map((p) => p.programmeId);
  const programmes = await db.selectFrom('programme').select(['id', 'department_id', 'code', 'name_zh', 'name_en']).where('id', 'in', programmeIds).execute();
  const programmeOf = new Map(programmes.map((p) => [p.id, p]));
  const programmeName = (p: { code: string; name_zh: string; name_en: string }) => `${p.code} ${named(lang, p.name_zh, p.name_en)}`;
  for (const id of programmeIds) {
    const programme = programmeOf.get(id);
    if (!programme) throw new AppError(ReplyCode.BAD_INPUT, 'camps.programmeUnknown', { id });
    if (department && programme.department_id !== department.id) {
      throw new AppError(ReplyCode.BAD_INPUT, 'camps.programmeOfOtherSchool', { programme: programmeName(programme), department: named(lang, department.name_zh, department.name_en) });
    }
  }

  const now = ctx.clock.now();
  const fields = {
    recruit_year: input.recruitYear,
    name_zh: input.nameZh,
    name_en: input.nameEn,
    department_id: input.departmentId,
    starts_on: input.startsOn,
    ends_on: input.endsOn,
    mode: input.mode,
    place_zh: input.placeZh,
    place_en: input.placeEn,
    apply_opens_at: Date.parse(input.applyOpensAt),
    apply_closes_at: Date.parse(input.applyClosesAt),
    confirm_closes_at: Date.parse(input.confirmClosesAt),
    waitlist_confirm_hours: input.waitlistConfirmHours,
    rates_campers: input.ratesCampers ? 1 : 0,
    decline_undoable: input.declineUndoable ? 1 : 0,
    updated_at: now,
    updated_by: actor.staffUserId,
  };
  const campId = await inTransaction(db, async (trx) => {
    await lockForAppend(trx, CAMP_LOCK, 'summer_camp');
    let before: CampView | null = null;
    if (input.id !== undefined) {
      before = await campView(trx, input.id);
      if (before.version !== input.version) throw new AppError(ReplyCode.CONFLICT, 'camps.changedMeanwhile');
    }
    let elsewhere = trx
      .selectFrom('summer_camp_programme as cp')
      .innerJoin('summer_camp as c', 'c.id', 'cp.camp_id')
      .select(['cp.programme_id', 'c.name_zh', 'c.name_en'])
      .where('c.recruit_year', '=', input.recruitYear)
      .where('cp.programme_id', 'in', programmeIds);
    if (input.id !== undefined) elsewhere = elsewhere.where('c.id', '!=', input.id);
    const taken = await elsewhere.orderBy('cp.programme_id').executeTakeFirst();
    if (taken) {
      const programme = programmeOf.get(taken.programme_id)!;
      throw new AppError(ReplyCode.CONFLICT, 'camps.programmeInOtherCamp', { programme: programmeName(programme), camp: named(lang, taken.name_zh, taken.name_en) });
    }
    if (before && before.recruitYear !== input.recruitYear) {
      // Its applications are of its year: moved to another, the camp would leave them nowhere.
      const count = await applicationsChoosing(trx, before.recruitYear, before.programmes.map((p) => p.programmeId));
      if (count > 0) throw new AppError(ReplyCode.CONFLICT, 'camps.yearHasApplications', { count, year: before.recruitYear });
    }
    if (before) {
      // A programme campers applied for stays in its camp: taking it out would leave their applications nowhere.
      const kept = new Set(programmeIds);
      const applied = await applicationsByProgramme(trx, before.recruitYear);
      const dropped = before.programmes.find((p) => !kept.has(p.programmeId) && (applied.get(p.programmeId) ?? 0) > 0);
      if (dropped) {
        throw new AppError(ReplyCode.CONFLICT, 'camps.programmeHasApplications', { programme: `${dropped.code} ${named(lang, dropped.nameZh, dropped.nameEn)}`, count: applied.get(dropped.programmeId)! });
      }
    }
    if (before) {
      // Places already offered or confirmed stay: the programme cannot offer fewer than it has given.
      const given = await placesGiven(trx, before.recruitYear);
      const short = input.programmes.find((p) => p.capacity < (given.get(p.programmeId) ?? 0));
      if (short) {
        const programme = programmeOf.get(short.programmeId)!;
        throw new AppError(ReplyCode.CONFLICT, 'camps.capacityBelowPlaces', { programme: programmeName(programme), places: given.get(short.programmeId)! });
      }
    }
    let id: number;
    if (input.id === undefined) {
      id = (await trx.insertInto('summer_camp').values({ ...fields, version: 1, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    } else {
      // The version is bumped by the statement that checks it: of two saves of one version, one wins.
      const updated = await trx
        .updateTable('summer_camp')
        .set((eb) => ({ ...fields, version: eb('version', '+', 1) }))
        .where('id', '=', input.id)
        .where('version', '=', input.version!)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new AppError(ReplyCode.CONFLICT, 'camps.changedMeanwhile');
      id = input.id;
      await trx.deleteFrom('summer_camp_programme').where('camp_id', '=', id).execute();
    }
    await trx
      .insertInto('summer_camp_programme')
      .values(input.programmes.map((p) => ({ camp_id: id, programme_id: p.programmeId, capacity: p.capacity })))
      .execute();
    const after = await campView(trx, id);
    await staffAudit(trx, now, 'camps.save', actor, { subject: String(id), detail: { campId: id, before: before && auditedCamp(before), after: auditedCamp(after) } });
    return id;
  });
  return campView(db, campId);
}

/**
 * Removes a camp and its programmes' places, if nobody changed it since it was read and no
 * submitted application chooses one of its programmes (a draft's choice is checked again when the
 * camper saves or submits, and refused then as no longer offered).
 */
export async function deleteCamp(ctx: AppContext, input: DeleteCampRequest, actor: StaffActor): Promise<{ id: number }> {
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    await lockForAppend(trx, CAMP_LOCK, 'summer_camp');
    const before = await campView(trx, input.id);
    if (before.version !== input.version) throw new AppError(ReplyCode.CONFLICT, 'camps.changedMeanwhile');
    const count = await applicationsChoosing(trx, before.recruitYear, before.programmes.map((p) => p.programmeId));
    if (count > 0) throw new AppError(ReplyCode.CONFLICT, 'camps.hasApplications', { count });
    await trx.deleteFrom('summer_camp_programme').where('camp_id', '=', input.id).execute();
    await trx.deleteFrom('summer_camp').where('id', '=', input.id).where('version', '=', input.version).execute();
    await staffAudit(trx, now, 'camps.delete', actor, { subject: String(input.id), detail: { campId: input.id, before: auditedCamp(before) } });
  });
  return { id: input.id };
}
