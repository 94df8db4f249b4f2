import { randomInt } from 'node:crypto';
import {
  ReplyCode,
  RoleKey,
  isPrivilegedScope,
  type AccountChangeReply,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  type AccountStatus,
  type CreateStaffAccountInput,
  type StaffAccountListQuery,
  type StaffAccountListView,
  type StaffAccountOptionsView,
  type StaffPermission,
  type UpdateStaffAccountInput,
} from '@gradus/contract';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { hashSecret } from '../../lib/passwords';
import { audit } from '../audit/service';
import { revokeUserSessions } from '../session/service';
import { askSecondAdministrator, type Administrator } from './request-store';

type AccountFields = Omit<UpdateStaffAccountInput, 'userId'>;

export type { Administrator };

const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The back office's accounts (external experts have no account of this kind: the review setup keeps them). */
export async function listStaffAccounts(db: DB, query: StaffAccountListQuery, admin: Administrator): Promise<StaffAccountListView> {
  let accounts = db.selectFrom('app_user as u').where('u.kind', '=', 'staff');
  if (query.q) {
    const pattern = sql<string>`${`%${literal(query.q.toLowerCase())}%`} escape '\\'`;
    accounts = accounts.where((eb) => eb.or([eb(eb.fn('lower', ['u.login_name']), 'like', pattern), eb(eb.fn('lower', ['u.name']), 'like', pattern)]));
  }
  if (query.status) accounts = accounts.where('u.status', '=', query.status);
  if (query.role) {
    const role = query.role;
    accounts = accounts.where((eb) =>
      eb.exists(eb.selectFrom('user_role as ur').innerJoin('role as r', 'r.id', 'ur.role_id').select('ur.user_id').whereRef('ur.user_id', '=', 'u.id').where('r.role_key', '=', role)),
    );
  }
  const [count, page] = await Promise.all([
    accounts.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    accounts
      .select(['u.id', 'u.login_name', 'u.name', 'u.email', 'u.status', 'u.created_at'])
      .select((eb) => eb.selectFrom('session as s').select((s) => s.fn.max('s.created_at').as('at')).whereRef('s.user_id', '=', 'u.id').as('last_sign_in'))
      .orderBy('u.login_name')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
  ]);
  const ids = page.map((a) => a.id);
  const [roles, departments, permissions] = ids.length
    ? await Promise.all([
        db.selectFrom('user_role as ur').innerJoin('role as r', 'r.id', 'ur.role_id').select(['ur.user_id', 'r.role_key']).where('ur.user_id', 'in', ids).orderBy('ur.order_num').orderBy('r.order_num').execute(),
        db
          .selectFrom('staff_department as sd')
          .innerJoin('department as d', 'd.id', 'sd.department_id')
          .select(['sd.user_id', 'd.id', 'd.name_zh', 'd.name_en'])
          .where('sd.user_id', 'in', ids)
          .orderBy('d.id')
          .execute(),
        db.selectFrom('staff_permission').select(['user_id', 'permission']).where('user_id', 'in', ids).orderBy('permission').execute(),
      ])
    : [[], [], []];
  return {
    total: Number(count.total),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    rows: page.map((a) => ({
      userId: a.id,
      loginName: a.login_name ?? '',
      name: a.name,
      email: a.email,
      status: a.status as AccountStatus,
      roleKeys: roles.filter((r) => r.user_id === a.id).map((r) => r.role_key as RoleKey),
      departments: departments.filter((d) => d.user_id === a.id).map((d) => ({ id: d.id, nameZh: d.name_zh, nameEn: d.name_en })),
      permissions: permissions.filter((p) => p.user_id === a.id).map((p) => p.permission as StaffPermission),
      lastSignInAt: a.last_sign_in === null || a.last_sign_in === undefined ? null : new Date(Number(a.last_sign_in)).toISOString(),
      createdAt: new Date(Number(a.created_at)).toISOString(),
      self: a.id === admin.userId,
    })),
  };
}

export async function staffAccountOptions(db: DB): Promise<StaffAccountOptionsView> {
  const departments = await db.selectFrom('department').select(['id', 'name_zh', 'name_en']).orderBy('id').execute();
  return { roles: [...STAFF_ROLES], departments: departments.map((d) => ({ id: d.id, nameZh: d.name_zh, nameEn: d.name_en })), permissions: [...STAFF_PERMISSIONS] };
}

/**
 * Twelve characters from an alphabet without look-alikes (no 0/O, 1/l/I), in three groups a person
 * can read out on the phone: 'k7Pm-x4Qa-9sWe'. About 70 bits.
 */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function oneTimePassword(): string {
  const groups = Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  return groups.join('-');
}

export async function staffAccount(db: DB, userId: number) {
  const account = await db.selectFrom('app_user').select(['id', 'login_name', 'name', 'status']).where('id', '=', userId).where('kind', '=', 'staff').executeTakeFirst();
  if (!account) throw new AppError(ReplyCode.NOT_FOUND, 'account.notFound');
  return account;
}

async function checkDepartments(db: DB, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.selectFrom('department').select('id').where('id', 'in', [...ids]).execute();
  if (found.length !== new Set(ids).size) throw new AppError(ReplyCode.BAD_INPUT, 'account.unknownDepartment');
}

/** Roles (in order: the first is the default at sign-in), schools and permissions, replacing what was there. */
async function writeScope(trx: DB, userId: number, a: AccountFields): Promise<void> {
  await trx.deleteFrom('user_role').where('user_id', '=', userId).execute();
  await trx.deleteFrom('staff_department').where('user_id', '=', userId).execute();
  await trx.deleteFrom('staff_permission').where('user_id', '=', userId).execute();
  const roleIds = new Map((await trx.selectFrom('role').select(['id', 'role_key']).where('role_key', 'in', a.roleKeys).execute()).map((r) => [r.role_key, r.id]));
  await trx
    .insertInto('user_role')
    .values(a.roleKeys.map((key, i) => ({ user_id: userId, role_id: roleIds.get(key)!, order_num: i })))
    .execute();
  for (const departmentId of new Set(a.departmentIds)) await trx.insertInto('staff_department').values({ user_id: userId, department_id: departmentId }).execute();
  for (const permission of a.permissions) await trx.insertInto('staff_permission').values({ user_id: userId, permission }).execute();
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export async function checkLoginFree(db: DB, loginName: string): Promise<void> {
  // Sign-in throttles and the sign-in log know a login name in lower case: 'Alice' and 'alice'
  // would be two accounts under one name there.
  const taken = await db.selectFrom('app_user').select('id').where((eb) => eb(eb.fn('lower', ['login_name']), '=', loginName.toLowerCase())).executeTakeFirst();
  if (taken) throw new AppError(ReplyCode.BAD_INPUT, 'account.loginTaken', { login: loginName });
}

/**
 * Creates an account. An ordinary one is made at once and its one-time password handed back; one
 * that may publish or administer waits for a second administrator (requests.ts).
 */
export async function createStaffAccount(db: DB, now: number, input: CreateStaffAccountInput, admin: Administrator): Promise<AccountChangeReply> {
  await checkDepartments(db, input.departmentIds);
  await checkLoginFree(db, input.loginName);
  if (isPrivilegedScope(input)) {
    return { outcome: 'pending', requestId: await askSecondAdministrator(db, now, { action: 'create', targetUserId: null, loginName: input.loginName, payload: { input } }, admin) };
  }
  const password = oneTimePassword();
  const userId = await insertStaffAccount(db, now, input, await hashSecret(password), admin);
  return { outcome: 'done', oneTimePassword: { userId, loginName: input.loginName, password } };
}

/** Writes a new account whose password is a one-time one (it must choose its own at first sign-in). */
export async function insertStaffAccount(db: DB, now: number, input: CreateStaffAccountInput, passwordHash: string, admin: Administrator, confirmed?: Confirmation): Promise<number> {
  try {
    return await inTransaction(db, async (trx) => {
      const user = await trx
        .insertInto('app_user')
        .values({ kind: 'staff', login_name: input.loginName, name: input.name, email: input.email || null, password_hash: passwordHash, password_change_due: 1, avatar: '', introduction: '', status: 'active', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeScope(trx, user.id, input);
      await audit(trx, now, 'account.create', { userId: admin.userId, subject: input.loginName, ip: admin.ip, detail: { roleKeys: input.roleKeys, departmentIds: input.departmentIds, permissions: input.permissions, ...confirmed } });
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ReplyCode.BAD_INPUT, 'account.loginTaken', { login: input.loginName });
    throw err;
  }
}

/** On a change a second administrator confirmed: which request, and who asked for it (in the audit detail). */
export interface Confirmation {
  requestId: number;
  requestedBy: string;
}

/** The account as a request saw it: a confirmation applies only to the account it was asked about. */
export interface AccountSnapshot {
  name: string;
  email: string | null;
  roleKeys: string[];
  departmentIds: number[];
  permissions: string[];
}

export async function snapshotOf(db: DB, userId: number): Promise<AccountSnapshot> {
  const user = await db.selectFrom('app_user').select(['name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { name: user.name, email: user.email, ...(await currentScope(db, userId)) };
}

/**
 * Corrects an account. A change of roles, schools or permissions ends its sessions: the next
 * sign-in starts with the new ones (a session must not keep acting in a role it lost). Nobody
 * changes those of their own account: an administrator does not grant themselves publishing.
 * Granting publishing or administration, or changing the address a privileged account's one-time
 * passwords go to, waits for a second administrator.
 */
export async function updateStaffAccount(db: DB, now: number, input: UpdateStaffAccountInput, admin: Administrator): Promise<AccountChangeReply> {
  const account = await staffAccount(db, input.userId);
  await checkDepartments(db, input.departmentIds);
  const before = await snapshotOf(db, account.id);
  const scopeChanged = changesScope(before, input);
  if (scopeChanged && account.id === admin.userId) throw new AppError(ReplyCode.FORBIDDEN, 'account.ownScope');
  const grants = (input.roleKeys.includes(RoleKey.SYSADMIN) && !before.roleKeys.includes(RoleKey.SYSADMIN)) || (input.permissions.includes('results.publish') && !before.permissions.includes('results.publish'));
  // Where another privileged account's one-time passwords go (one's own address is one's own to correct).
  const readdresses = account.id !== admin.userId && (isPrivilegedScope(before) || isPrivilegedScope(input)) && (before.email ?? '') !== (input.email ?? '');
  if (grants || readdresses) {
    return { outcome: 'pending', requestId: await askSecondAdministrator(db, now, { action: 'update', targetUserId: account.id, loginName: account.login_name ?? '', payload: { input, before } }, admin) };
  }
  await applyStaffAccountUpdate(db, now, account, input, before, admin);
  return { outcome: 'done', oneTimePassword: null };
}

const changesScope = (before: AccountSnapshot, input: AccountFields): boolean =>
  !sameList(before.roleKeys, input.roleKeys) || !sameList(before.departmentIds, [...new Set(input.departmentIds)].sort((a, b) => a - b)) || !sameList(before.permissions, [...input.permissions].sort());

export async function applyStaffAccountUpdate(
  db: DB,
  now: number,
  account: { id: number; login_name: string | null },
  input: UpdateStaffAccountInput,
  before: AccountSnapshot,
  admin: Administrator,
  confirmed?: Confirmation,
): Promise<void> {
  const scopeChanged = changesScope(before, input);
  const { name: _name, email: _email, ...beforeScope } = before;
  await inTransaction(db, async (trx) => {
    await trx.updateTable('app_user').set({ name: input.name, email: input.email || null, updated_at: now }).where('id', '=', account.id).execute();
    if (scopeChanged) await writeScope(trx, account.id, input);
    await audit(trx, now, 'account.update', {
      userId: admin.userId,
      subject: account.login_name,
      ip: admin.ip,
      detail: { before: beforeScope, after: scopeChanged ? { roleKeys: input.roleKeys, departmentIds: input.departmentIds, permissions: input.permissions } : 'unchanged', ...confirmed },
    });
  });
  if (scopeChanged) await revokeUserSessions(db, now, account.id);
}

async function currentScope(db: DB, userId: number) {
  const [roles, departments, permissions] = await Promise.all([
    db.selectFrom('user_role as ur').innerJoin('role as r', 'r.id', 'ur.role_id').select('r.role_key').where('ur.user_id', '=', userId).orderBy('ur.order_num').orderBy('r.order_num').execute(),
    db.selectFrom('staff_department').select('department_id').where('user_id', '=', userId).orderBy('department_id').execute(),
    db.selectFrom('staff_permission').select('permission').where('user_id', '=', userId).orderBy('permission').execute(),
  ]);
  return { roleKeys: roles.map((r) => r.role_key), departmentIds: departments.map((d) => d.department_id), permissions: permissions.map((p) => p.permission) };
}

/** Disables an account and ends its sessions at once (on this instance's cache too: revokeUserSessions). */
export async function disableStaffAccount(db: DB, now: number, input: { userId: number; reason: string }, admin: Administrator): Promise<void> {
  const account = await staffAccount(db, input.userId);
  if (account.id === admin.userId) throw new AppError(ReplyCode.FORBIDDEN, 'account.disableSelf');
  if (account.status === 'disabled') throw new AppError(ReplyCode.BAD_INPUT, 'account.alreadyDisabled', { login: account.login_name ?? '' });
  await inTransaction(db, async (trx) => {
    await trx.updateTable('app_user').set({ status: 'disabled', updated_at: now }).where('id', '=', account.id).execute();
    await audit(trx, now, 'account.disable', { userId: admin.userId, subject: account.login_name, ip: admin.ip, detail: { reason: input.reason } });
  });
  await revokeUserSessions(db, now, account.id);
}

export async function enableStaffAccount(db: DB, now: number, userId: number, admin: Administrator): Promise<void> {
  const account = await staffAccount(db, userId);
  if (account.status === 'active') throw new AppError(ReplyCode.BAD_INPUT, 'account.alreadyActive', { login: account.login_name ?? '' });
  await inTransaction(db, async (trx) => {
    await trx.updateTable('app_user').set({ status: 'active', updated_at: now }).where('id', '=', account.id).execute();
    await audit(trx, now, 'account.enable', { userId: admin.userId, subject: account.login_name, ip: admin.ip });
  });
}

/**
 * A new one-time password; the old one stops working and every session of the account ends. A
 * privileged account's waits for a second administrator, and is then mailed (requests.ts).
 */
export async function resetStaffPassword(db: DB, now: number, userId: number, admin: Administrator): Promise<AccountChangeReply> {
  const account = await staffAccount(db, userId);
  // One's own password is changed knowing the old one (the change-password page), not reset.
  if (account.id === admin.userId) throw new AppError(ReplyCode.FORBIDDEN, 'account.resetSelf');
  if (isPrivilegedScope(await currentScope(db, account.id))) {
    return { outcome: 'pending', requestId: await askSecondAdministrator(db, now, { action: 'resetPassword', targetUserId: account.id, loginName: account.login_name ?? '', payload: {} }, admin) };
  }
  const password = oneTimePassword();
  await writeOneTimePassword(db, now, account, await hashSecret(password), admin);
  return { outcome: 'done', oneTimePassword: { userId: account.id, loginName: account.login_name ?? '', password } };
}

export async function writeOneTimePassword(db: DB, now: number, account: { id: number; login_name: string | null }, passwordHash: string, admin: Administrator, confirmed?: Confirmation): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('app_user').set({ password_hash: passwordHash, password_change_due: 1, updated_at: now }).where('id', '=', account.id).execute();
    await audit(trx, now, 'account.resetPassword', { userId: admin.userId, subject: account.login_name, ip: admin.ip, ...(confirmed ? { detail: { ...confirmed } } : {}) });
  });
  await revokeUserSessions(db, now, account.id);
}
