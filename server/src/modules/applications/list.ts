import { APPLICATION_LIST_COUNT_CAP, DEPARTMENT_REVIEWED_AREAS, departmentReviews, registerTypesOfCycle, type AdmissionArea, type ApplicationExportQuery, type ApplicationListQuery, type ApplicationListRow, type ApplicationListView, type ApplicationScope } from '@gradus/contract';
import { sql, type Expression, type ExpressionBuilder, type OrderByItemBuilder, type SqlBool } from 'kysely';
import type { Database, DB } from '../../db/database';
import { NAME_PIECE_LENGTH, nameSearchKey } from '../../lib/person-name';

export type From = ExpressionBuilder<Database & { f: Database['application_form'] }, 'f'>;

/**
 * The row under `alias` belongs to the listed application `f`: the same applicant, cycle and area
 * (an expert's assignments carry the three).
 */
const ofTheApplication = (alias: string, applicant = 'user_id') =>
  sql<SqlBool>`${sql.ref(`${alias}.${applicant}`)} = ${sql.ref('f.user_id')} and ${sql.ref(`${alias}.recruit_year`)} = ${sql.ref('f.recruit_year')} and ${sql.ref(`${alias}.area`)} = ${sql.ref('f.area')}`;

/** The actor's scope as a condition: the same rule as reading one application (policies.ts). */
export function inScope(eb: From, scope: ApplicationScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'every':
      return sql<SqlBool>`1 = 1`;
    case 'departments':
      return scope.departmentIds.length ? eb('f.department_id', 'in', [...scope.departmentIds]) : sql<SqlBool>`1 = 0`;
    case 'assigned':
      return eb.and([
        // The expert's few assignments drive the query (an index lookup each), not every form.
        eb(
          'f.user_id',
          'in',
          eb.selectFrom('expert_assignment as mine').select('mine.applicant_user_id').where('mine.expert_user_id', '=', scope.expertUserId),
        ),
        eb.exists(eb.selectFrom('expert_assignment as ea').select('ea.id').where(ofTheApplication('ea', 'applicant_user_id')).where('ea.expert_user_id', '=', scope.expertUserId)),
        // Never the supervisor the applicant named, whatever the assignment says.
        eb.not(
          eb.exists(
            eb
              .selectFrom('supervisor as s')
              .select('s.id')
              .whereRef('s.id', '=', 'f.supervisor_id')
              .where('s.user_id', '=', scope.expertUserId),
          ),
        ),
      ]);
    case 'none':
      return sql<SqlBool>`1 = 0`;
  }
}

/**
 * The first digit string after every string that begins with `prefix` ('2029' -> '203'), or null
 * for all nines. Digits only, so every collation orders it as the index does.
 */
export function digitsAbove(prefix: string): string | null {
  const kept = prefix.replace(/9+$/, '');
  if (!kept) return null;
  return kept.slice(0, -1) + String(Number(kept.slice(-1)) + 1);
}

/** `%` and `_` in what a person typed are letters, not wildcards. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters in force and the actor's scope as one condition: the list and its export ask the same. */
export function filters(eb: From, query: ApplicationExportQuery, scope: ApplicationScope): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [inScope(eb, scope)];
  if (query.area) all.push(eb('f.area', '=', query.area));
  if (query.recruitYear) all.push(eb('f.recruit_year', '=', query.recruitYear));
  if (query.cycle) {
    // A cycle is its register types (gat: type 4); an area that is no cycle has none and matches nothing.
    const types = registerTypesOfCycle(query.cycle);
    all.push(types.length > 0 ? eb('f.user_id', 'in', eb.selectFrom('app_user as cu').select('cu.id').where('cu.user_register_type', 'in', types)) : eb.val(false));
  }
  if (query.departmentId) all.push(eb('f.department_id', '=', query.departmentId));
  if (query.programmeId) all.push(eb('f.programme_id', '=', query.programmeId));
  if (query.formStatus) all.push(eb('f.status', '=', query.formStatus));
  // The states are kept on the form where they change (list-states.ts), each with its index.
  if (query.payment) all.push(eb('f.fee_paid', '=', query.payment === 'paid' ? 1 : 0));
  if (query.photo) all.push(eb('f.photo_status', '=', query.photo));
  if (query.qualification) all.push(eb('f.qualification', '=', query.qualification));
  // Only the areas where a school reviews first have the stage: elsewhere the filter matches nothing.
  if (query.departmentReview) all.push(eb.and([eb('f.area', 'in', [...DEPARTMENT_REVIEWED_AREAS]), eb('f.department_review', '=', query.departmentReview)]));
  // The contract's schema has trimmed it already. The account is searched on its own, so neither
  // the count nor the page has to join every form to its account to find a few.
  const { q } = query;
  if (q && /^\d+$/.test(q)) {
    // Digits are the beginning of an applicant number: a range on its unique index.
    const above = digitsAbove(q);
    const numbered = eb.selectFrom('app_user as u').select('u.id').where('u.applicant_number', '>=', q);
    all.push(eb('f.user_id', 'in', above ? numbered.where('u.applicant_number', '<', above) : numbered));
  } else if (q) {
    // Any part of the name: its first three characters (or all of it) is a piece the name index
    // holds (name-index.ts), so the forms holding it are found without reading every name; a
    // longer search is then checked whole against those forms' folded names.
    const key = nameSearchKey(q);
    const chars = [...key];
    const holding = eb.selectFrom('applicant_name_piece as piece').select('piece.form_id').where('piece.piece', '=', chars.slice(0, NAME_PIECE_LENGTH).join(''));
    all.push(eb('f.id', 'in', holding));
    if (chars.length > NAME_PIECE_LENGTH) all.push(eb('f.applicant_search', 'like', sql<string>`${`%${literal(key)}%`} escape '\\'`));
  }
  return eb.and(all);
}

const SORT_COLUMNS = {
  submittedAt: 'f.submitted_at',
  savedAt: 'f.saved_at',
  // The account's number and name, copied onto the form (list-states.ts) where the state indexes
  // can order by them.
  applicantNumber: 'f.applicant_number',
  name: 'f.applicant_name',
  programme: 'p.code',
} as const;

/** Columns that are never null (empty at worst): no NULLS LAST, which SQLite cannot read from an index. */
const NEVER_NULL: readonly string[] = ['name', 'applicantNumber'];

/** The order the list shows, as SQL: the list's pages and the export read rows in the same order. */
export function sortOf(query: ApplicationExportQuery) {
  const field = query.sortField ?? 'submittedAt';
  const direction = query.sortOrder === 'ascend' ? 'asc' : 'desc';
  // Drafts (no submission) and forms without a programme come last either way, on both databases
  // (PostgreSQL would put them first when descending).
  const order = (ob: OrderByItemBuilder) => {
    const ordered = direction === 'asc' ? ob.asc() : ob.desc();
    return NEVER_NULL.includes(field) ? ordered : ordered.nullsLast();
  };
  return { field, column: sql.ref(SORT_COLUMNS[field]), direction, order } as const;
}

/** The forms with everything a listed row shows, joined: a page and the export select the same. */
export const listedApplications = (db: DB) =>
  db
    .selectFrom('application_form as f')
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .leftJoin('programme as p', 'p.id', 'f.programme_id')
    .leftJoin('department as d', 'd.id', 'f.department_id')
    .select([
      'f.id',
      'f.user_id',
      'f.area',
      'f.recruit_year',
      'f.status',
      'f.saved_at',
      'f.submitted_at',
      'u.applicant_number',
      'u.name',
      'u.user_register_type',
      'd.id as department_id',
      'd.name_zh as department_zh',
      'd.name_en as department_en',
      'p.id as programme_id',
      'p.code as programme_code',
      'p.name_zh as programme_zh',
      'p.name_en as programme_en',
      'f.fee_paid',
      'f.photo_status',
      'f.qualification',
      'f.department_review',
    ]);

type ListedRecord = Awaited<ReturnType<ReturnType<typeof listedApplications>['execute']>>[number];

/** The row as the list's reply (and the export's file) shows it. */
export const listedRow = (r: ListedRecord): ApplicationListRow => ({
  applicationId: r.id,
  applicantUserId: r.user_id,
  applicantNumber: r.applicant_number ?? '',
  name: r.name,
  area: r.area as AdmissionArea,
  recruitYear: r.recruit_year,
  registerType: r.user_register_type,
  department: r.department_id === null ? null : { id: r.department_id, nameZh: r.department_zh ?? '', nameEn: r.department_en ?? '' },
  programme: r.programme_id === null ? null : { id: r.programme_id, code: r.programme_code ?? '', nameZh: r.programme_zh ?? '', nameEn: r.programme_en ?? '' },
  formStatus: r.status as ApplicationListRow['formStatus'],
  savedAt: new Date(Number(r.saved_at)).toISOString(),
  submittedAt: r.submitted_at === null ? null : new Date(Number(r.submitted_at)).toISOString(),
  paid: r.fee_paid === 1,
  photo: r.photo_status as ApplicationListRow['photo'],
  qualification: r.qualification as ApplicationListRow['qualification'],
  departmentReview: departmentReviews(r.area as AdmissionArea) ? (r.department_review as ApplicationListRow['qualification']) : null,
});

/**
 * One page of the applications the actor's scope covers, filtered and sorted on the server. The
 * count and the page run as two queries over the same conditions.
 *
 * The count stops after APPLICATION_LIST_COUNT_CAP matches unless the caller asks for the exact
 * total (the pager's "count them all"): an exact total reads every match, so the office's first
 * page of 100,000 applications would cost ten times what it costs at 10,000, page after page, for a
 * number no one acts on above the batch limit (which is the same 1,000).
 */
export async function listApplications(db: DB, query: ApplicationListQuery, scope: ApplicationScope): Promise<ApplicationListView> {
  const where = (eb: From) => filters(eb, query, scope);
  const { field: sortField, column: sortColumn, direction, order } = sortOf(query);
  // The page is chosen among narrow rows, joined only to what the order reads; the rest is joined
  // to its twenty forms alone.
  const page = db
    .selectFrom('application_form as f')
    .$if(sortField === 'programme', (qb) => qb.leftJoin('programme as p', 'p.id', 'f.programme_id'))
    .where(where)
    .select('f.id')
    .orderBy(sortColumn, order)
    // The form's own id breaks ties, so paging is stable and the order's index still serves.
    .orderBy('f.id', direction)
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const matching = db.selectFrom('application_form as f').where(where).select(sql.lit(1).as('one'));
  const counted = query.exactTotal ? matching : matching.limit(APPLICATION_LIST_COUNT_CAP + 1);
  const [count, rows] = await Promise.all([
    db.selectFrom(counted.as('m')).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    listedApplications(db).where('f.id', 'in', page).orderBy(sortColumn, order).orderBy('f.id', direction).execute(),
  ]);
  const total = Number(count.total);
  const capped = !query.exactTotal && total > APPLICATION_LIST_COUNT_CAP;
  return {
    total: capped ? APPLICATION_LIST_COUNT_CAP : total,
    totalCapped: capped,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    rows: rows.map(listedRow),
  };
}
