import { ID_PHOTO_CATEGORY, type AdmissionArea, type ApplicationScope, type DashboardDay, type DashboardExpert, type DashboardProgramme, type DashboardStages, type StaffDashboardView } from '@gradus/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../../db/database';
import { inScope, type From } from '../applications/list';
import { currentRecruitYear } from '../user/repo';
import { submissionWindows } from './calendar';

/** The number of rows meeting a condition, as one column of a GROUP BY (both databases add up a CASE). */
const countWhere = (condition: Expression<SqlBool>) => sql<number | string | null>`sum(case when ${condition} then 1 else 0 end)`;
/** PostgreSQL answers sums as bigint or numeric text, and a sum over no rows as null. */
const n = (value: number | string | bigint | null | undefined): number => Number(value ?? 0);

/** The scope's condition where the application form is joined under another alias's query. */
const scoped = (scope: ApplicationScope) => (eb: unknown) => inScope(eb as From, scope);

/**
 * The back office's dashboard (issue #9): a handful of GROUP BY queries over the forms' kept states
 * (migration 006), each inside the caller's scope by the list's own condition, so a count here is
 * the total the list shows for the same filter.
 */
export async function staffDashboard(db: DB, now: number, area: AdmissionArea, scope: ApplicationScope): Promise<StaffDashboardView> {
  const recruitYear = (await currentRecruitYear(db)) ?? null;
  const [stages, perProgramme, submissionsPerDay, experts, photosWaiting] = await Promise.all([
    recruitYear ? stageCounts(db, area, recruitYear, scope) : EMPTY_STAGES,
    recruitYear ? programmeCounts(db, area, recruitYear, scope) : [],
    submissionsByDay(db, now, area, scope),
    recruitYear ? expertProgress(db, area, recruitYear, scope) : [],
    waitingPhotos(db, area, scope),
  ]);
  return { area, recruitYear, stages, perProgramme, submissionsPerDay, experts, photosWaiting };
}

const EMPTY_STAGES: DashboardStages = { total: 0, draft: 0, submitted: 0, returned: 0, paid: 0, photoWaiting: 0, eligible: 0, ineligible: 0 };

const cycleForms = (db: DB, area: AdmissionArea, recruitYear: string, scope: ApplicationScope) =>
  db
    .selectFrom('application_form as f')
    .where('f.area', '=', area)
    .where('f.recruit_year', '=', recruitYear)
    .where((eb) => inScope(eb, scope));

async function stageCounts(db: DB, area: AdmissionArea, recruitYear: string, scope: ApplicationScope): Promise<DashboardStages> {
  const row = await cycleForms(db, area, recruitYear, scope)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      countWhere(eb('f.status', '=', 'draft')).as('draft'),
      countWhere(eb('f.status', '=', 'submitted')).as('submitted'),
      countWhere(eb('f.status', '=', 'returned')).as('returned'),
      countWhere(eb('f.fee_paid', '=', 1)).as('paid'),
      countWhere(eb('f.photo_status', '=', 'uploaded')).as('photo_waiting'),
      countWhere(eb('f.qualification', '=', 'pass')).as('eligible'),
      countWhere(eb('f.qualification', '=', 'fail')).as('ineligible'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: n(row.total),
    draft: n(row.draft),
    submitted: n(row.submitted),
    returned: n(row.returned),
    paid: n(row.paid),
    photoWaiting: n(row.photo_waiting),
    eligible: n(row.eligible),
    ineligible: n(row.ineligible),
  };
}

async function programmeCounts(db: DB, area: AdmissionArea, recruitYear: string, scope: ApplicationScope): Promise<DashboardProgramme[]> {
  const rows = await cycleForms(db, area, recruitYear, scope)
    .leftJoin('programme as p', 'p.id', 'f.programme_id')
    .select((eb) => [
      'p.id',
      'p.code',
      'p.name_zh',
      'p.name_en',
      countWhere(eb('f.status', '=', 'submitted')).as('submitted'),
      countWhere(eb('f.fee_paid', '=', 1)).as('paid'),
      countWhere(eb('f.qualification', '=', 'pass')).as('eligible'),
    ])
    .groupBy(['p.id', 'p.code', 'p.name_zh', 'p.name_en'])
    .execute();
  return (
    rows
      .map((r) => ({
        programme: r.id === null ? null : { id: r.id, code: r.code ?? '', nameZh: r.name_zh ?? '', nameEn: r.name_en ?? '' },
        submitted: n(r.submitted),
        paid: n(r.paid),
        eligible: n(r.eligible),
      }))
      // A programme with drafts alone has nothing to show yet.
      .filter((p) => p.submitted + p.paid + p.eligible > 0)
      .sort((a, b) => b.submitted - a.submitted || (a.programme?.code ?? '\uffff').localeCompare(b.programme?.code ?? '\uffff'))
  );
}

/**
 * Submissions per Beijing day in the last DASHBOARD_DAYS days and in the same days a year earlier.
 * By the time of submission, not the cycle: last year's days belong to last year's cycle. Each
 * window is one range of the (area, submitted_at) index, grouped by day in SQL.
 */
async function submissionsByDay(db: DB, now: number, area: AdmissionArea, scope: ApplicationScope): Promise<DashboardDay[]> {
  const { days, thisYearFrom, lastYearFrom, dayMs } = submissionWindows(now);
  const perDay = async (from: number): Promise<number[]> => {
    const dayIndex = sql<number>`cast((f.submitted_at - ${from}) / ${dayMs} as integer)`;
    const rows = await db
      .selectFrom('application_form as f')
      .where('f.area', '=', area)
      .where('f.submitted_at', '>=', from)
      .where('f.submitted_at', '<', from + days.length * dayMs)
      .where((eb) => inScope(eb, scope))
      .select((eb) => [dayIndex.as('day_index'), eb.fn.countAll<number>().as('submitted')])
      // By the column's name: PostgreSQL would not see the same expression in two copies with their own parameters.
      .groupBy(sql.ref('day_index'))
      .execute();
    const counts = days.map(() => 0);
    for (const r of rows) counts[n(r.day_index)] = n(r.submitted);
    return counts;
  };
  const [thisYear, lastYear] = await Promise.all([perDay(thisYearFrom), perDay(lastYearFrom)]);
  return days.map((day, i) => ({ day, thisYear: thisYear[i] ?? 0, lastYear: lastYear[i] ?? 0 }));
}

/**
 * Each expert's assignments in the area's reviews of the cycle and how many they have scored and
 * submitted. Counted over the applications in the caller's scope; an expert sees only their own
 * row, never who else reviews the same applicant.
 */
async function expertProgress(db: DB, area: AdmissionArea, recruitYear: string, scope: ApplicationScope): Promise<DashboardExpert[]> {
  const onlyExpert = scope.kind === 'assigned' ? scope.expertUserId : null;
  const rows = await db
    .selectFrom('expert_assignment as ea')
    .innerJoin('application_form as f', (join) =>
      join.on(sql<SqlBool>`f.user_id = ea.applicant_user_id and f.recruit_year = ea.recruit_year and f.area = ea.area`),
    )
    .innerJoin('app_user as u', 'u.id', 'ea.expert_user_id')
    .leftJoin('expert_score as es', (join) =>
      join.on(
        sql<SqlBool>`es.expert_user_id = ea.expert_user_id and es.applicant_user_id = ea.applicant_user_id and es.recruit_year = ea.recruit_year and es.area = ea.area and es.stage = ea.stage and es.status = 'submitted'`,
      ),
    )
    .where('ea.area', '=', area)
    .where('ea.recruit_year', '=', recruitYear)
    .where(scoped(scope))
    .$if(onlyExpert !== null, (qb) => qb.where('ea.expert_user_id', '=', onlyExpert!))
    .select((eb) => ['ea.expert_user_id', 'u.name', eb.fn.count<number>('ea.id').as('assigned'), eb.fn.count<number>('es.id').as('submitted')])
    .groupBy(['ea.expert_user_id', 'u.name'])
    .execute();
  return rows
    .map((r) => ({ expertUserId: r.expert_user_id, name: r.name, assigned: n(r.assigned), submitted: n(r.submitted) }))
    .sort((a, b) => b.assigned - b.submitted - (a.assigned - a.submitted) || a.name.localeCompare(b.name));
}

/** The ID photos waiting for a decision in the caller's scope: what the photo review queue counts. */
async function waitingPhotos(db: DB, area: AdmissionArea, scope: ApplicationScope): Promise<number> {
  const row = await db
    .selectFrom('application_material as m')
    .innerJoin('application_form as f', (join) => join.on(sql<SqlBool>`f.user_id = m.user_id and f.recruit_year = m.recruit_year and f.area = m.area`))
    .where('m.area', '=', area)
    .where('m.category', '=', ID_PHOTO_CATEGORY)
    .where('m.status', '=', 'uploaded')
    .where(scoped(scope))
    .select((eb) => eb.fn.countAll<number>().as('waiting'))
    .executeTakeFirstOrThrow();
  return n(row.waiting);
}
