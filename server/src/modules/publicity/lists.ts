import {
  admitsStudents,
  PUBLICITY_SCORE_KINDS,
  PUBLICITY_STAGE,
  scoreRelease,
  ReplyCode,
  beijingDate,
  beijingDayStart,
  maskPublicName,
  type AdmissionArea,
  type PublicityChange,
  type PublicityListView,
  type PublicityPreviewInput,
  type PublicityPreviewView,
  type PublicityRowView,
  type PublicityScoreKind,
  type PublicityState,
  type PublicPublicityView,
  type StaffPublicityListsView,
  type StaffPublicityListView,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB, PublicityRowTable } from '../../db/database';
import type { Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { releasedSet } from '../admissions/cycle';
import { audit } from '../audit/service';
import { periodEndOn, shiftDate } from './calendar';

/** Who publishes, for the audit trail. */
export interface Publisher {
  userId: number;
  ip: string | null;
}

/** A row as composed before it is stored: the applicant's id stays on the server. */
interface DraftRow extends PublicityRowView {
  applicantUserId: number;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** 7850 -> '78.5': the scores' one spelling (the same as the applicant's score pages). */
function decimal(hundredths: number): string {
  const n = Number(hundredths);
  const fraction = String(n % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${Math.trunc(n / 100)}.${fraction}` : String(Math.trunc(n / 100));
}

/**
 * Everyone whose proposed admission passed in the area and year, as the list would show them now:
 * masked name, number, programme, and the chosen scores (the newest of each kind). Ordered by
 * programme, then number, as such lists are printed.
 */
async function passingNow(db: DB, area: AdmissionArea, recruitYear: string, scoreKinds: readonly PublicityScoreKind[]): Promise<DraftRow[]> {
  const people = await db
    .selectFrom('review_decision as d')
    .innerJoin('app_user as u', 'u.id', 'd.user_id')
    .leftJoin('application_form as f', (j) => j.onRef('f.user_id', '=', 'd.user_id').onRef('f.recruit_year', '=', 'd.recruit_year').onRef('f.area', '=', 'd.area'))
    .leftJoin('programme as p', 'p.id', 'f.programme_id')
    .select(['d.user_id', 'u.name', 'u.applicant_number', 'p.code', 'p.name_zh', 'p.name_en'])
    .where('d.area', '=', area)
    .where('d.recruit_year', '=', recruitYear)
    .where('d.stage', '=', PUBLICITY_STAGE)
    .where('d.outcome', '=', 'pass')
    .execute();
  const ids = people.map((p) => p.user_id);
  const scores =
    ids.length && scoreKinds.length
      ? await db
          .selectFrom('exam_score')
          .select(['user_id', 'kind', 'score_hundredths'])
          .where('area', '=', area)
          .where('recruit_year', '=', recruitYear)
          .where('kind', 'in', [...scoreKinds])
          .where('user_id', 'in', ids)
          .orderBy('id')
          .execute()
      : [];
  const scoresOf = new Map<number, Partial<Record<PublicityScoreKind, string>>>();
  for (const s of scores) {
    const own = scoresOf.get(s.user_id) ?? {};
    own[s.kind as PublicityScoreKind] = decimal(s.score_hundredths);
    scoresOf.set(s.user_id, own);
  }
  return people
    .map((p) => ({
      applicantUserId: p.user_id,
      name: maskPublicName(p.name),
      applicantNumber: p.applicant_number ?? '',
      programme: p.code ? { code: p.code, nameZh: p.name_zh ?? '', nameEn: p.name_en ?? '' } : null,
      scores: ordered(scoresOf.get(p.user_id) ?? {}, scoreKinds),
      change: null,
    }))
    .sort((a, b) => (a.programme?.code ?? '').localeCompare(b.programme?.code ?? '') || a.applicantNumber.localeCompare(b.applicantNumber));
}

const ordered = (scores: Partial<Record<PublicityScoreKind, string>>, kinds: readonly PublicityScoreKind[]) =>
  Object.fromEntries(PUBLICITY_SCORE_KINDS.filter((k) => kinds.includes(k) && scores[k] !== undefined).map((k) => [k, scores[k]])) as Partial<Record<PublicityScoreKind, string>>;

/** A published row as read back (its id and position only order it). */
type StoredRow = Omit<Selectable<PublicityRowTable>, 'id' | 'position'>;

const rowView = (r: StoredRow): PublicityRowView => ({
  name: r.masked_name,
  applicantNumber: r.applicant_number,
  programme: r.programme_code ? { code: r.programme_code, nameZh: r.programme_zh ?? '', nameEn: r.programme_en ?? '' } : null,
  scores: JSON.parse(r.scores_json) as Partial<Record<PublicityScoreKind, string>>,
  change: (r.change as PublicityChange | null) ?? null,
});

/**
 * A supplementary list's rows: against the list as it stands after the original and its earlier
 * supplements, who passes now and is not on it (added), whose shown scores changed (corrected),
 * and who is on it but passes no more (withdrawn).
 */
async function amendments(db: DB, originalId: number, now: DraftRow[], scoreKinds: readonly PublicityScoreKind[]): Promise<DraftRow[]> {
  const chain = await db
    .selectFrom('publicity_row as r')
    .innerJoin('publicity_list as l', 'l.id', 'r.list_id')
    .selectAll('r')
    .where((w) => w.or([w('l.id', '=', originalId), w('l.amends_id', '=', originalId)]))
    .orderBy('l.id')
    .orderBy('r.position')
    .execute();
  const standing = new Map<number, StoredRow>();
  for (const row of chain) {
    if (row.change === 'withdrawn') standing.delete(row.applicant_user_id);
    else standing.set(row.applicant_user_id, { ...row, scores_json: mergeScores(standing.get(row.applicant_user_id)?.scores_json, row.scores_json) });
  }
  const rows: DraftRow[] = [];
  for (const person of now) {
    const listed = standing.get(person.applicantUserId);
    if (!listed) rows.push({ ...person, change: 'added' });
    else {
      const shown = JSON.parse(listed.scores_json) as Record<string, string>;
      // A score the list showed that reads differently now; a kind it never showed corrects nothing.
      if (scoreKinds.some((k) => k in shown && (person.scores[k] ?? null) !== shown[k])) rows.push({ ...person, change: 'corrected' });
    }
  }
  const passing = new Set(now.map((p) => p.applicantUserId));
  for (const [userId, listed] of standing) {
    if (!passing.has(userId)) rows.push({ ...rowView(listed), applicantUserId: userId, scores: {}, change: 'withdrawn' });
  }
  return rows;
}
/** The scores a later list showed replace the earlier ones kind by kind. */
const mergeScores = (before: string | undefined, after: string) => JSON.stringify({ ...(before ? (JSON.parse(before) as object) : {}), ...(JSON.parse(after) as object) });

/**
 * The areas a public list can be published for: reviewed in the back office, admitting students,
 * and releasing a proposed-admission result (the list is made of it). The tuimian journey reviews
 * applications but records no proposed admission yet, so it is not offered.
 */
function publishesAdmissions(ctx: AppContext, area: AdmissionArea): boolean {
  const journey = ctx.journeys.of(area);
  return Boolean(journey?.staff) && admitsStudents(area) && Boolean(journey?.releases.includes(PUBLICITY_STAGE));
}

/** What a list would hold now, with every rule that refuses it checked. Nothing is written. */
async function compose(ctx: AppContext, input: PublicityPreviewInput, db: DB = ctx.db): Promise<{ rows: DraftRow[]; endDate: string }> {
  if (!admitsStudents(input.area)) throw new AppError(ReplyCode.BAD_INPUT, 'publicity.noAdmissions');
  if (!ctx.journeys.of(input.area)?.staff) throw new AppError(ReplyCode.NOT_FOUND, 'error.areaNotReviewed');
  if (!publishesAdmissions(ctx, input.area)) throw new AppError(ReplyCode.BAD_INPUT, 'publicity.noProposedAdmission');
  const today = beijingDate(ctx.clock.now());
  if (input.startDate < today) throw new AppError(ReplyCode.BAD_INPUT, 'publicity.startInPast', { today });
  const original = await db
    .selectFrom('publicity_list')
    .select(['id', 'area', 'recruit_year', 'kind'])
    .where('area', '=', input.area)
    .where('recruit_year', '=', input.recruitYear)
    .where('kind', '=', 'original')
    .executeTakeFirst();
  if (input.amends === null && original) throw new AppError(ReplyCode.CONFLICT, 'publicity.alreadyPublished');
  if (input.amends !== null) {
    const amended = await db.selectFrom('publicity_list').select(['id', 'area', 'recruit_year', 'kind']).where('id', '=', input.amends).executeTakeFirst();
    if (!amended) throw new AppError(ReplyCode.NOT_FOUND, 'publicity.listNotFound');
    if (amended.kind !== 'original' || amended.area !== input.area || amended.recruit_year !== input.recruitYear) throw new AppError(ReplyCode.BAD_INPUT, 'publicity.amendsOriginal');
  }
  const now = await passingNow(db, input.area, input.recruitYear, input.scoreKinds);
  const rows = input.amends === null ? now : await amendments(db, input.amends, now, input.scoreKinds);
  return { rows, endDate: await periodEndOn(db, input.startDate, input.workingDays) };
}

const publicRow = ({ applicantUserId: _id, ...row }: DraftRow): PublicityRowView => row;

export async function previewList(ctx: AppContext, input: PublicityPreviewInput): Promise<PublicityPreviewView> {
  const { rows, endDate } = await compose(ctx, input);
  return { endDate, rows: rows.map(publicRow) };
}

/**
 * Publishes a list: the rows are taken again at this moment and stored as they are; from now on
 * nothing changes them (the database refuses). Audited with the period, the scores shown and the
 * number of rows.
 */
export async function publishList(ctx: AppContext, input: PublicityPreviewInput, publisher: Publisher): Promise<StaffPublicityListView> {
  if (input.amends !== null && input.note === '') throw new AppError(ReplyCode.BAD_INPUT, 'publicity.noteRequired');
  const now = ctx.clock.now();
  const listId = await inTransaction(ctx.db, async (trx) => {
    const { rows, endDate } = await compose(ctx, input, trx);
    // A public list names who passed and shows their scores: it must not tell anyone anything before
    // the applicants themselves are told (the result, and each score shown, released to them).
    const released = await releasedSet(trx, input.area, [PUBLICITY_STAGE, ...input.scoreKinds.map(scoreRelease)], input.recruitYear);
    if (!released.has(PUBLICITY_STAGE)) throw new AppError(ReplyCode.CONFLICT, 'publicity.resultNotOut', { year: input.recruitYear });
    const unreleased = input.scoreKinds.find((k) => !released.has(scoreRelease(k)));
    if (unreleased) throw new AppError(ReplyCode.CONFLICT, `publicity.scoreNotOut.${unreleased}`, { year: input.recruitYear });
    if (rows.length === 0) throw new AppError(ReplyCode.CONFLICT, input.amends === null ? 'publicity.empty' : 'publicity.nothingToAmend');
    const list = await trx
      .insertInto('publicity_list')
      .values({
        area: input.area,
        recruit_year: input.recruitYear,
        kind: input.amends === null ? 'original' : 'supplementary',
        amends_id: input.amends,
        note: input.note,
        score_kinds: JSON.stringify(PUBLICITY_SCORE_KINDS.filter((k) => input.scoreKinds.includes(k))),
        start_date: input.startDate,
        end_date: endDate,
        working_days: input.workingDays,
        published_by: publisher.userId,
        published_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < rows.length; i += 200) {
      await trx
        .insertInto('publicity_row')
        .values(
          rows.slice(i, i + 200).map((r, j) => ({
            list_id: list.id,
            position: i + j + 1,
            applicant_user_id: r.applicantUserId,
            masked_name: r.name,
            applicant_number: r.applicantNumber,
            programme_code: r.programme?.code ?? null,
            programme_zh: r.programme?.nameZh ?? null,
            programme_en: r.programme?.nameEn ?? null,
            scores_json: JSON.stringify(r.scores),
            change: r.change,
          })),
        )
        .execute();
    }
    await audit(trx, now, 'publicity.publish', {
      userId: publisher.userId,
      subject: `${input.area}.${input.recruitYear}`,
      ip: publisher.ip,
      detail: { listId: list.id, kind: input.amends === null ? 'original' : 'supplementary', amends: input.amends, startDate: input.startDate, endDate, workingDays: input.workingDays, scoreKinds: input.scoreKinds, rows: rows.length },
    });
    return list.id;
  }).catch((err: unknown) => {
    // Another publisher's original list of the same area and year got in first.
    throw isUniqueViolation(err) ? new AppError(ReplyCode.CONFLICT, 'publicity.alreadyPublished') : err;
  });
  const [published] = await listsWhere(ctx, listId);
  return published!;
}

function stateOf(startDate: string, endDate: string, now: number): PublicityState {
  if (now < beijingDayStart(startDate)) return 'scheduled';
  return now < beijingDayStart(shiftDate(endDate, 1)) ? 'open' : 'closed';
}

/** Lists with their rows, newest first (one list when an id is given). */
async function listsWhere(ctx: AppContext, id?: number): Promise<StaffPublicityListView[]> {
  const { db } = ctx;
  let query = db
    .selectFrom('publicity_list as l')
    .leftJoin('app_user as u', 'u.id', 'l.published_by')
    .select(['l.id', 'l.area', 'l.recruit_year', 'l.kind', 'l.amends_id', 'l.note', 'l.score_kinds', 'l.start_date', 'l.end_date', 'l.working_days', 'l.published_at', 'u.name as publisher'])
    .orderBy('l.start_date', 'desc')
    .orderBy('l.id', 'desc');
  if (id !== undefined) query = query.where('l.id', '=', id);
  const lists = await query.execute();
  if (lists.length === 0) return [];
  const rows = await db
    .selectFrom('publicity_row')
    .select(['list_id', 'applicant_user_id', 'masked_name', 'applicant_number', 'programme_code', 'programme_zh', 'programme_en', 'scores_json', 'change'])
    .where(
      'list_id',
      'in',
      lists.map((l) => l.id),
    )
    .orderBy('list_id')
    .orderBy('position')
    .execute();
  const byId = new Map(lists.map((l) => [l.id, l]));
  const amendedIds = lists.map((l) => l.amends_id).filter((v): v is number => v !== null && !byId.has(v));
  const amended = amendedIds.length ? await db.selectFrom('publicity_list').select(['id', 'start_date', 'published_at']).where('id', 'in', amendedIds).execute() : [];
  const amendedOf = (listId: number | null) => {
    if (listId === null) return null;
    const l = byId.get(listId) ?? amended.find((a) => a.id === listId);
    return l ? { id: l.id, startDate: l.start_date, publishedAt: iso(l.published_at) } : null;
  };
  const now = ctx.clock.now();
  return lists.map((l) => ({
    id: l.id,
    area: l.area as AdmissionArea,
    recruitYear: l.recruit_year,
    kind: l.kind as 'original' | 'supplementary',
    amends: amendedOf(l.amends_id),
    note: l.note,
    scoreKinds: JSON.parse(l.score_kinds) as PublicityScoreKind[],
    startDate: l.start_date,
    endDate: l.end_date,
    workingDays: Number(l.working_days),
    publishedAt: iso(l.published_at),
    publishedBy: l.publisher,
    state: stateOf(l.start_date, l.end_date, now),
    rows: rows.filter((r) => r.list_id === l.id).map(rowView),
  }));
}

export async function staffLists(ctx: AppContext): Promise<StaffPublicityListsView> {
  const year = await ctx.db.selectFrom('recruit_year').select('year').where('is_current', '=', 1).executeTakeFirst();
  return {
    lists: await listsWhere(ctx),
    recruitYear: year?.year ?? null,
    areas: ctx.journeys.all().filter((j) => publishesAdmissions(ctx, j.area)).map((j) => j.area),
    today: beijingDate(ctx.clock.now()),
  };
}

/** What anyone may read: the lists in their period, then the closed ones; never one not yet begun, never who published. */
export async function publicLists(ctx: AppContext): Promise<PublicPublicityView> {
  const all = (await listsWhere(ctx)).map(({ publishedBy: _who, ...list }): PublicityListView => list);
  return { current: all.filter((l) => l.state === 'open'), past: all.filter((l) => l.state === 'closed') };
}
