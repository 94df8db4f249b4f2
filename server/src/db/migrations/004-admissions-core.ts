import { DOCTOR_AREA } from '@gradus/contract';
import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * One admissions core for every area (issue #8).
 *
 * - The staff results (review decisions, exam tickets, scores, admission paperwork) get the area
 *   they belong to, like forms, materials and orders already have. Every row written so far is
 *   doctoral, so existing rows become the doctor area's; their unique keys now include the area.
 * - The application carries the department, programme and supervisor the applicant chose (copied
 *   from the form's intended section on every save), so staff scope and lists need no JSON.
 * - Staff scope: the departments a secretary looks after, permissions held besides roles
 *   (publishing results), the experts assigned to an application, and the staff account of a
 *   supervisor (an internal expert never reviews an applicant who named them).
 * - Menu rows name the area whose journey they belong to (the reference data fills it in).
 * - Administrators of a running portal keep publishing results, now as an explicit permission.
 * - Stage windows belong to a recruitment year like the release switches: `stage.<key>.opensAt`
 *   becomes `stage.<year>.<key>.opensAt` for the current year.
 */
export function admissionsCore(kind: DialectKind): Migration {
  const t = columnTypes(kind);
  const id = () => ['id', t.id, (c: ColumnDefinitionBuilder) => (t.idAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey())] as const;
  const staffAccount = (c: ColumnDefinitionBuilder) => c.notNull().references('app_user.id').onDelete('cascade');

  return {
    async up(db: Kysely<unknown>) {
      const owned = [
        ['review_decision', 'review_decision_owner', ['user_id', 'recruit_year', 'area', 'stage']],
        ['exam_ticket', 'exam_ticket_owner', ['user_id', 'recruit_year', 'area', 'kind']],
        ['exam_score', 'exam_score_owner', ['user_id', 'recruit_year', 'area', 'kind']],
        ['admission_record', 'admission_record_owner', ['user_id', 'recruit_year', 'area', 'kind']],
      ] as const;
      for (const [table, index, columns] of owned) {
        // The default only fills the rows that exist; the code always names the area it writes.
        await db.schema.alterTable(table).addColumn('area', 'text', (c) => c.notNull().defaultTo(DOCTOR_AREA)).execute();
        await db.schema.dropIndex(index).execute();
        await db.schema.createIndex(index).on(table).columns([...columns]).unique().execute();
      }
      // The back office lists one stage of one area's cycle.
      await db.schema.dropIndex('review_decision_cycle').execute();
      await db.schema.createIndex('review_decision_cycle').on('review_decision').columns(['area', 'recruit_year', 'stage']).execute();
      await db.schema.dropIndex('exam_ticket_cycle').execute();
      await db.schema.createIndex('exam_ticket_cycle').on('exam_ticket').columns(['area', 'recruit_year', 'kind']).execute();
      await db.schema.dropIndex('exam_score_cycle').execute();
      await db.schema.createIndex('exam_score_cycle').on('exam_score').columns(['area', 'recruit_year', 'kind']).execute();

      // A menu group belongs to an area's journey: shown only to that area's applicants.
      await db.schema.alterTable('menu').addColumn('area', 'text').execute();

      for (const column of ['department_id', 'programme_id', 'supervisor_id'] as const) {
        await db.schema.alterTable('application_form').addColumn(column, 'integer').execute();
      }
      await db.schema.createIndex('application_form_department').on('application_form').columns(['area', 'recruit_year', 'department_id']).execute();
      await copyIntendedChoices(db);

      await db.schema.alterTable('supervisor').addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null')).execute();

      await db.schema
        .createTable('staff_department')
        .addColumn('user_id', 'integer', staffAccount)
        .addColumn('department_id', 'integer', (c) => c.notNull().references('department.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('staff_department_pk', ['user_id', 'department_id'])
        .execute();
      await db.schema
        .createTable('staff_permission')
        .addColumn('user_id', 'integer', staffAccount)
        .addColumn('permission', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('staff_permission_pk', ['user_id', 'permission'])
        .execute();
      await db.schema
        .createTable('expert_assignment')
        .addColumn(...id())
        .addColumn('expert_user_id', 'integer', staffAccount)
        .addColumn('applicant_user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('recruit_year', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('assigned_by', 'integer', (c) => c.references('app_user.id'))
        .addColumn('assigned_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('expert_assignment_unique')
        .on('expert_assignment')
        .columns(['applicant_user_id', 'recruit_year', 'area', 'stage', 'expert_user_id'])
        .unique()
        .execute();
      await db.schema.createIndex('expert_assignment_expert').on('expert_assignment').columns(['expert_user_id', 'recruit_year']).execute();

      await yearStageWindows(db);
      await keepAdministratorsPublishing(db);
    },
  };
}

type Loose = Kysely<Record<string, Record<string, unknown>>>;

async function copyIntendedChoices(db: Kysely<unknown>): Promise<void> {
  const loose = db as unknown as Loose;
  const rows = (await loose.selectFrom('application_form').select(['id', 'sections_json']).execute()) as { id: number; sections_json: string }[];
  for (const row of rows) {
    let intended: Record<string, unknown> = {};
    try {
      const parsed = JSON.parse(row.sections_json) as { intended?: Record<string, unknown> } | null;
      intended = parsed?.intended ?? {};
    } catch {
      continue;
    }
    const idOf = (v: unknown) => (Number.isInteger(v) && (v as number) > 0 ? (v as number) : null);
    await loose
      .updateTable('application_form')
      .set({ department_id: idOf(intended.departmentId), programme_id: idOf(intended.programmeId), supervisor_id: idOf(intended.supervisorId) })
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * Until now any administrator could release results; from now on it takes the permission. The
 * administrators of a running portal keep the ability they had, as an explicit grant (new ones
 * get it only when given: `create-admin --publish`).
 */
async function keepAdministratorsPublishing(db: Kysely<unknown>): Promise<void> {
  const loose = db as unknown as Loose;
  const admins = (await loose
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .select('ur.user_id')
    .where('r.role_key', '=', 'zs_admin')
    .execute()) as { user_id: number }[];
  for (const { user_id } of admins) await loose.insertInto('staff_permission').values({ user_id, permission: 'results.publish' }).execute();
}

async function yearStageWindows(db: Kysely<unknown>): Promise<void> {
  const loose = db as unknown as Loose;
  const current = (await loose.selectFrom('recruit_year').select('year').where('is_current', '=', 1).executeTakeFirst()) as { year: string } | undefined;
  const rows = (await loose.selectFrom('system_config').select(['id', 'system_key']).execute()) as { id: number; system_key: string }[];
  for (const row of rows) {
    const match = /^stage\.([A-Za-z]+)\.(opensAt|closesAt)$/.exec(row.system_key);
    if (!match) continue;
    // Without a current year the windows belonged to no cycle: nothing to carry over.
    if (!current) await loose.deleteFrom('system_config').where('id', '=', row.id).execute();
    else await loose.updateTable('system_config').set({ system_key: `stage.${current.year}.${match[1]}.${match[2]}` }).where('id', '=', row.id).execute();
  }
}
