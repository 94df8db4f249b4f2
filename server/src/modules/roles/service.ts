import { createHash } from 'node:crypto';
import {
  buttonMenuName,
  ReplyCode,
  RoleKey,
  ROLES_PAGE,
  STAFF_MENU_TREE,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  type RoleSaveRequest,
  type StaffMenuGroupDef,
  type StaffMenuPageDef,
  type StaffRoleScope,
  type StaffRoleView,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit/service';

/**
 * Roles' menus and buttons (issue #10): what the system administrator grants each staff role of
 * the back-office rows its policy allows. The offer is the code's menu table (STAFF_MENU_TREE,
 * each page for the roles it names): nothing here widens what a role can ever do, it only
 * narrows it. Denials live in role_menu_denied; role_menu follows them here and at every start.
 */

/** How far each role reaches into applicants' records (policies.ts), shown beside its grants. */
const SCOPES: Record<string, StaffRoleScope> = {
  [RoleKey.ADMIN]: 'every',
  [RoleKey.DEPT]: 'departments',
  [RoleKey.REVIEWER]: 'assigned',
  [RoleKey.SYSADMIN]: 'portal',
};

/** Without the Roles page nobody could give it back: the system administrator keeps it. */
const LOCKED: Record<string, readonly string[]> = { [RoleKey.SYSADMIN]: [ROLES_PAGE] };

const offeredGroups = (roleKey: string): StaffMenuGroupDef[] =>
  STAFF_MENU_TREE.filter((g) => (g.roles as readonly string[]).includes(roleKey)).map((g) => ({
    ...g,
    children: g.children.filter((p: StaffMenuPageDef) => !p.roles || (p.roles as readonly string[]).includes(roleKey)),
  }));

/** A row the role is offered: its menu name (how the menu table knows it) and the key the editor sends. */
interface OfferedRow {
  key: string;
  menuName: string;
  kind: 'page' | 'button';
  /** For a button, its page's key. */
  page?: string;
}

function offeredRows(roleKey: string): OfferedRow[] {
  return offeredGroups(roleKey).flatMap((g) =>
    g.children.flatMap((p) => [
      { key: p.component, menuName: p.name, kind: 'page' as const },
      ...(p.buttons ?? []).map((perm) => ({ key: perm, menuName: buttonMenuName(p, perm), kind: 'button' as const, page: p.component })),
    ]),
  );
}

async function roleIdOf(db: DB, roleKey: string): Promise<number> {
  const role = await db.selectFrom('role').select('id').where('role_key', '=', roleKey).executeTakeFirst();
  if (!role) throw new AppError(ReplyCode.NOT_FOUND, 'roles.notFound');
  return role.id;
}

async function menuIds(db: DB): Promise<Map<string, { id: number; parentId: number }>> {
  const rows = await db.selectFrom('menu').select(['id', 'menu_name', 'parent_id']).where('area', 'is', null).execute();
  return new Map(rows.map((r) => [r.menu_name, { id: r.id, parentId: r.parent_id }]));
}

async function deniedKeys(db: DB, roleId: number, roleKey: string, ids: Map<string, { id: number }>): Promise<Set<string>> {
  const denied = new Set((await db.selectFrom('role_menu_denied').select('menu_id').where('role_id', '=', roleId).execute()).map((d) => d.menu_id));
  return new Set(offeredRows(roleKey).filter((r) => denied.has(ids.get(r.menuName)?.id ?? -1)).map((r) => r.key));
}

/** Of the grants as read: sorted denied keys, hashed (two saves based on the same reading cannot both land). */
const versionOf = (denied: ReadonlySet<string>): string => createHash('sha256').update([...denied].sort().join('\n')).digest('hex').slice(0, 16);

async function roleView(db: DB, roleKey: string, ids: Map<string, { id: number }>): Promise<StaffRoleView> {
  const roleId = await roleIdOf(db, roleKey);
  const denied = await deniedKeys(db, roleId, roleKey, ids);
  const accounts = await db
    .selectFrom('user_role as ur')
    .innerJoin('app_user as u', 'u.id', 'ur.user_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('ur.role_id', '=', roleId)
    .where('u.status', '=', 'active')
    .executeTakeFirstOrThrow();
  return {
    roleKey,
    name: `role.${roleKey}`,
    scope: SCOPES[roleKey] ?? 'portal',
    accounts: Number(accounts.n),
    groups: offeredGroups(roleKey).map((g) => ({
      name: g.name,
      pages: g.children.map((p) => ({
        key: p.component,
        name: p.name,
        hidden: p.hidden === true,
        granted: !denied.has(p.component),
        buttons: (p.buttons ?? []).map((perm) => ({ key: perm, name: buttonMenuName(p, perm), granted: !denied.has(p.component) && !denied.has(perm) })),
      })),
    })),
    version: versionOf(denied),
    locked: [...(LOCKED[roleKey] ?? [])],
  };
}

export async function listRoles(db: DB): Promise<{ roles: StaffRoleView[] }> {
  const ids = await menuIds(db);
  const roles = [];
  for (const roleKey of [RoleKey.ADMIN, RoleKey.DEPT, RoleKey.REVIEWER, RoleKey.SYSADMIN]) roles.push(await roleView(db, roleKey, ids));
  return { roles };
}

/** Who saves, for the audit trail. */
export interface RoleEditor {
  userId: number;
  ip: string | null;
}

/**
 * The role's whole grant: every offered row not named is denied. Refused, with nothing changed:
 * a row the role is not offered (its policy decides that), the publish permission (a person's,
 * under the two-person rule), a button without its page, the system administrator's Roles page,
 * and a save based on grants someone changed since they were read.
 */
export async function saveRole(ctx: AppContext, input: RoleSaveRequest, editor: RoleEditor): Promise<StaffRoleView> {
  const { db } = ctx;
  const { roleKey } = input;
  if (!(STAFF_ROLES as readonly string[]).includes(roleKey)) throw new AppError(ReplyCode.NOT_FOUND, 'roles.notFound');
  const offered = offeredRows(roleKey);
  const granted = new Set(input.granted);
  for (const key of granted) {
    if ((STAFF_PERMISSIONS as readonly string[]).includes(key)) throw new AppError(ReplyCode.BAD_INPUT, 'roles.publishIsPersonal');
    if (!offered.some((r) => r.key === key)) throw new AppError(ReplyCode.BAD_INPUT, 'roles.notOffered', { key });
  }
  for (const row of offered) {
    if (row.kind === 'button' && granted.has(row.key) && !granted.has(row.page!)) throw new AppError(ReplyCode.BAD_INPUT, 'roles.buttonWithoutPage', { key: row.key });
  }
  for (const page of LOCKED[roleKey] ?? []) if (!granted.has(page)) throw new AppError(ReplyCode.BAD_INPUT, 'roles.locked');

  const ids = await menuIds(db);
  const roleId = await roleIdOf(db, roleKey);
  const now = ctx.clock.now();
  await inTransaction(db, async (trx) => {
    // Read again inside the transaction: a save based on an older reading is refused, not merged.
    const before = await deniedKeys(trx, roleId, roleKey, ids);
    if (versionOf(before) !== input.version) throw new AppError(ReplyCode.CONFLICT, 'roles.changedMeanwhile');
    const denied = offered.filter((r) => !granted.has(r.key));
    const idOf = (r: OfferedRow) => ids.get(r.menuName)!.id;
    const offeredIds = offered.map(idOf);
    await trx.deleteFrom('role_menu_denied').where('role_id', '=', roleId).execute();
    for (const row of denied) await trx.insertInto('role_menu_denied').values({ role_id: roleId, menu_id: idOf(row), denied_by: editor.userId, denied_at: now }).execute();
    // role_menu follows: the offered rows granted, each group with at least one page.
    const pageGroups = offered.filter((r) => r.kind === 'page').map((r) => ({ key: r.key, group: ids.get(r.menuName)!.parentId }));
    const groupIds = [...new Set(pageGroups.map((p) => p.group))];
    await trx.deleteFrom('role_menu').where('role_id', '=', roleId).where('menu_id', 'in', [...offeredIds, ...groupIds]).execute();
    const keep = offered.filter((r) => granted.has(r.key)).map(idOf);
    const groups = [...new Set(pageGroups.filter((p) => granted.has(p.key)).map((p) => p.group))];
    for (const menuId of [...groups, ...keep]) await trx.insertInto('role_menu').values({ role_id: roleId, menu_id: menuId }).execute();
    const after = denied.map((r) => r.key);
    await audit(trx, now, 'roles.save', {
      userId: editor.userId,
      subject: roleKey,
      ip: editor.ip,
      detail: { denied: after.sort(), before: [...before].sort() },
    });
  });
  // Menus and grants are cached per role: the change holds from the next call on.
  ctx.cache.clear();
  return roleView(db, roleKey, ids);
}
