import { roleForRegisterType, type RegisterType } from '@gradus/contract';
import type { DB, AppUserRow } from '../../db/database';
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
  ofUser: prepareQuery<RoleRow, [number]>(db, (d) =>
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

/** Issues the number and creates the account with its applicant role, in one transaction. */
export async function createApplicant(db: DB, now: number, a: NewApplicant): Promise<{ number: string; userId: number }> {
  return db.transaction().execute(async (trx) => {
    const role = await trx.selectFrom('role').select('id').where('role_key', '=', roleForRegisterType(a.registerType)).executeTakeFirstOrThrow();
    const number = await nextApplicantNumber(trx, a.recruitYear, a.registerType);
    const user = await trx
      .insertInto('app_user')
      .values({
        kind: 'applicant',
        login_name: null,
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
        dept_id: null,
        avatar: '',
        introduction: '',
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_role').values({ user_id: user.id, role_id: role.id, order_num: 0 }).execute();
    return { number, userId: user.id };
  });
}

/** Staff accounts: a login name and one or more back-office roles, the first being the default. */
export async function createStaff(
  db: DB,
  now: number,
  s: { loginName: string; name: string; passwordHash: string; roleKeys: readonly string[] },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('app_user')
      .values({
        kind: 'staff',
        login_name: s.loginName,
        applicant_number: null,
        user_register_type: null,
        recruit_year: null,
        name: s.name,
        id_type: null,
        id_number: null,
        sex: null,
        email: null,
        mobile: null,
        password_hash: s.passwordHash,
        security_question: null,
        security_answer_hash: null,
        dept_id: null,
        avatar: '',
        introduction: '',
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, key] of s.roleKeys.entries()) {
      const role = await trx.selectFrom('role').select('id').where('role_key', '=', key).executeTakeFirstOrThrow();
      await trx.insertInto('user_role').values({ user_id: user.id, role_id: role.id, order_num: i }).execute();
    }
    return user.id;
  });
}
