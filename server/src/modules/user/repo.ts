import { roleForRegisterType, type RegisterType, type StaffPermission } from '@gradus/contract';
import type { DB, AppUserRow, NewAppUser } from '../../db/database';
import { param, perDatabase, prepareQuery } from '../../db/prepared';

export interface RoleRow {
  roleId: number;
  roleKey: string;
  roleName: string;
}

export async function findApplicantByNumber(db: DB, registerType: number, number: string): Promise<AppUserRow | undefined> {
  return db
    .selectFrom('app_user')
    .selectAll()
    .where('kind', '=', 'applicant')
    .where('applicant_number', '=', number)
    .where('user_register_type', '=', registerType)
    .executeTakeFirst();
}

export async function findStaffByLoginName(db: DB, loginName: string): Promise<AppUserRow | undefined> {
  return db.selectFrom('app_user').selectAll().where('kind', '=', 'staff').where('login_name', '=', loginName).executeTakeFirst();
}

export async function findUserById(db: DB, id: number): Promise<AppUserRow | undefined> {
  return db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest registration of a person for a register type (forgot number / forgot password). */
export async function findApplicantByIdentity(db: DB, registerType: number, idNumber: string): Promise<AppUserRow | undefined> {
  return db
    .selectFrom('app_user')
    .selectAll()
    .where('kind', '=', 'applicant')
    .where('user_register_type', '=', registerType)
    .where('id_number', '=', idNumber)
    .orderBy('recruit_year', 'desc')
    .executeTakeFirst();
}

/** The user's roles, the default (first) one first. */
export async function rolesOf(db: DB, userId: number): Promise<RoleRow[]> {
  return db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .select(['r.id as roleId', 'r.role_key as roleKey', 'r.role_name as roleName'])
    .where('ur.user_id', '=', userId)
    .orderBy('ur.order_num')
    .orderBy('r.order_num')
    .execute();
}

const roleQueries = perDatabase((db: DB) => ({
  ofUser: prepareQuery(db, (d) =>
    d
      .selectFrom('user_role as ur')
      .innerJoin('role as r', 'r.id', 'ur.role_id')
      .select(['r.id as roleId', 'r.role_key as roleKey', 'r.role_name as roleName'])
      .where('ur.user_id', '=', param(0) as unknown as number)
      .orderBy('ur.order_num')
      .orderBy('r.order_num'),
  ),
}));

/** rolesOf for the hot path (every getUserInfo): the same query, compiled once. */
export const rolesOfUser = (db: DB, userId: number): Promise<RoleRow[]> => roleQueries(db).ofUser(userId);

export async function currentRecruitYear(db: DB): Promise<string | undefined> {
  const row = await db.selectFrom('recruit_year').select('year').where('is_current', '=', 1).executeTakeFirst();
  return row?.year;
}

/** Issues year + type + 5-digit sequence, e.g. 2027100042; atomic on both dialects. */
async function nextApplicantNumber(db: DB, year: string, type: number): Promise<string> {
  await db
    .insertInto('number_sequence')
    .values({ recruit_year: year, user_register_type: type, last_value: 0 })
    .onConflict((oc) => oc.columns(['recruit_year', 'user_register_type']).doNothing())
    .execute();
  const row = await db
    .updateTable('number_sequence')
    .set((eb) => ({ last_value: eb('last_value', '+', 1) }))
    .where('recruit_year', '=', year)
    .where('user_register_type', '=', type)
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return `${year}${type}${String(row.last_value).padStart(5, '0')}`;
}

export interface NewApplicant {
  registerType: RegisterType;
  recruitYear: string;
  name: string;
  idType: string;
  idNumber: string;
  sex: string;
  email: string;
  mobile: string;
  passwordHash: string;
  securityQuestion: string;
  securityAnswerHash: string;
}

/** What applicants and staff have in common; each kind fills in its own columns. */
type AccountColumns = Pick<NewAppUser, 'kind' | 'name' | 'password_hash'> & Partial<NewAppUser>;

/** Inserts an account and its roles (the first the default), inside the caller's transaction. */
async function insertAccount(trx: DB, now: number, columns: AccountColumns, roleKeys: readonly string[]): Promise<number> {
  const user = await trx
    .insertInto('app_user')
    .values({ avatar: '', introduction: '', status: 'active', created_at: now, updated_at: now, ...columns })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, key] of roleKeys.entries()) {
    const role = await trx.selectFrom('role').select('id').where('role_key', '=', key).executeTakeFirstOrThrow();
    await trx.insertInto('user_role').values({ user_id: user.id, role_id: role.id, order_num: i }).execute();
  }
  return user.id;
}

/** Issues the number and creates the account with its applicant role, in one transaction. */
export async function createApplicant(db: DB, now: number, a: NewApplicant): Promise<{ number: string; userId: number }> {
  return db.transaction().execute(async (trx) => {
    const number = await nextApplicantNumber(trx, a.recruitYear, a.registerType);
    const userId = await insertAccount(
      trx,
      now,
      {
        kind: 'applicant',
        applicant_number: number,
        user_register_type: a.registerType,
        recruit_year: a.recruitYear,
        name: a.name,
        id_type: a.idType,
        id_number: a.idNumber,
        sex: a.sex,
        email: a.email.toLowerCase(),
        mobile: a.mobile,
        password_hash: a.passwordHash,
        security_question: a.securityQuestion,
        security_answer_hash: a.securityAnswerHash,
      },
      [roleForRegisterType(a.registerType)],
    );
    return { number, userId };
  });
}

/** Staff accounts: a login name and one or more back-office roles, the first being the default. */
export async function createStaff(
  db: DB,
  now: number,
  s: { loginName: string; name: string; passwordHash: string; roleKeys: readonly string[]; email?: string },
): Promise<number> {
  return db
    .transaction()
    .execute((trx) => insertAccount(trx, now, { kind: 'staff', login_name: s.loginName, name: s.name, password_hash: s.passwordHash, email: s.email ?? null }, s.roleKeys));
}

/**
 * A staff account's scope besides its roles: the departments a secretary looks after (by code) and
 * the permissions it holds (publishing results). Replaces what was there.
 */
export async function setStaffScope(db: DB, userId: number, scope: { departmentCodes: readonly string[]; permissions: readonly StaffPermission[] }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('staff_department').where('user_id', '=', userId).execute();
    await trx.deleteFrom('staff_permission').where('user_id', '=', userId).execute();
    for (const code of scope.departmentCodes) {
      const department = await trx.selectFrom('department').select('id').where('code', '=', code).executeTakeFirst();
      if (!department) throw new Error(`no department ${code}`);
      await trx.insertInto('staff_department').values({ user_id: userId, department_id: department.id }).execute();
    }
    for (const permission of scope.permissions) await trx.insertInto('staff_permission').values({ user_id: userId, permission }).execute();
  });
}
