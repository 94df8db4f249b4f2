import { buttonMenuName, IMPLEMENTED_COMPONENTS, TMS_PLEDGE_TEMPLATE, MENU_TREE, MenuType, RoleKey, STAFF_MENU_TREE, roleOfGroup, type MenuGroupBase, type MenuPageDef, type StaffMenuPageDef } from '@gradus/contract';
import type { Insertable } from 'kysely';
import type { DB, MenuTable } from '../database';
import type { FileStorage } from '../../plugins/storage';
import { demoPdf } from './demo-pdf';

/**
 * Reference data the code needs in every deployment, production included: the applicant and staff roles, the
 * full menu table of spec section 2, and the grants of menus whose pages exist. Idempotent: it
 * runs at every start and brings an older database up to the code's menu table.
 */
export const ROLES = [
  { role_key: RoleKey.DOCTOR, role_name: 'role.zs_doctor', order_num: 1 },
  { role_key: RoleKey.MASTER, role_name: 'role.zs_master', order_num: 2 },
  { role_key: RoleKey.REVIEWER, role_name: 'role.zs_reviewer', order_num: 3 },
  { role_key: RoleKey.ADMIN, role_name: 'role.zs_admin', order_num: 4 },
  { role_key: RoleKey.DEPT, role_name: 'role.zs_dept', order_num: 5 },
  { role_key: RoleKey.SYSADMIN, role_name: 'role.zs_sysadmin', order_num: 6 },
];

async function upsertMenu(
  db: DB,
  row: Insertable<MenuTable>,
): Promise<number> {
  const existing = await db
    .selectFrom('menu')
    .select('id')
    .where('parent_id', '=', row.parent_id)
    .where('menu_name', '=', row.menu_name)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('menu').set(row).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const inserted = await db.insertInto('menu').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Roles and menus; with `storage`, the reference files too (syncReferenceFiles). */
export async function syncReferenceData(db: DB, storage?: FileStorage, now = Date.now()): Promise<void> {
  if (storage) await syncReferenceFiles(db, storage, now);
  for (const role of ROLES) {
    await db
      .insertInto('role')
      .values(role)
      .onConflict((oc) => oc.column('role_key').doUpdateSet({ role_name: role.role_name, order_num: role.order_num }))
      .execute();
  }
  const roleIds = new Map((await db.selectFrom('role').select(['id', 'role_key']).execute()).map((r) => [r.role_key, r.id]));

  for (const [gi, group] of MENU_TREE.entries()) {
    // A group is granted to its area's applicant role only with pages that exist; later issues grant the rest.
    const roleId = roleIds.get(roleOfGroup(group));
    await syncGroup(db, group, { order: gi + 1, area: group.area, gate: group.gate ?? null }, roleId ? [roleId] : [], (page) => IMPLEMENTED_COMPONENTS.includes(page.component));
  }
  // The back office's groups follow the applicants' and belong to no area.
  for (const [gi, group] of STAFF_MENU_TREE.entries()) {
    const grantees = group.roles.map((r) => roleIds.get(r)).filter((id): id is number => id !== undefined);
    await syncGroup(db, group, { order: MENU_TREE.length + gi + 1, area: null, gate: null }, grantees, () => true, (page, roleId) => {
      const roles = (page as StaffMenuPageDef).roles;
      return !roles || roles.some((r) => roleIds.get(r) === roleId);
    });
  }
}

/** One group's rows (directory, pages, buttons), granted to `grantees` with the pages that exist. */
async function syncGroup(
  db: DB,
  group: MenuGroupBase & { gate?: string },
  placement: { order: number; area: string | null; gate: string | null },
  grantees: readonly number[],
  exists: (page: MenuPageDef) => boolean,
  /** Whether a grantee gets a page of the group (a staff page may be for some of its roles only). */
  grantedTo: (page: MenuPageDef, roleId: number) => boolean = () => true,
): Promise<void> {
  const groupId = await upsertMenu(db, {
    parent_id: 0,
    menu_name: group.name,
    path: group.path,
    component: null,
    menu_type: MenuType.DIRECTORY,
    perms: null,
    visible: '0',
    order_num: placement.order,
    icon: group.icon,
    is_cache: '0',
    stage_gate: placement.gate,
    area: placement.area,
  });
  const pages: { id: number; def: MenuPageDef }[] = [];
  for (const [pi, page] of group.children.entries()) {
    const pageId = await upsertMenu(db, {
      parent_id: groupId,
      menu_name: page.name,
      path: page.path,
      component: page.component,
      menu_type: MenuType.PAGE,
      perms: null,
      visible: page.hidden ? '1' : '0',
      order_num: pi + 1,
      icon: null,
      is_cache: page.noCache ? '1' : '0',
      stage_gate: page.gate ?? null,
      area: placement.area,
    });
    for (const [bi, perm] of (page.buttons ?? []).entries()) {
      await upsertMenu(db, {
        parent_id: pageId,
        menu_name: buttonMenuName(page, perm),
        path: '',
        component: null,
        menu_type: MenuType.BUTTON,
        perms: perm,
        visible: '0',
        order_num: bi + 1,
        icon: null,
        is_cache: '0',
        stage_gate: null,
        area: placement.area,
      });
    }
    if (exists(page)) pages.push({ id: pageId, def: page });
  }
  if (pages.length === 0) return;
  for (const roleId of grantees) {
    // What the system administrator took from the role (staff roles only, Roles page) stays taken.
    const denied = new Set((await db.selectFrom('role_menu_denied').select('menu_id').where('role_id', '=', roleId).execute()).map((d) => d.menu_id));
    const pageIds = pages.filter((p) => grantedTo(p.def, roleId) && !denied.has(p.id)).map((p) => p.id);
    const buttons = pageIds.length ? await db.selectFrom('menu').select('id').where('parent_id', 'in', pageIds).execute() : [];
    const granted = [...pageIds, ...buttons.map((b) => b.id).filter((id) => !denied.has(id))];
    for (const menuId of pageIds.length ? [groupId, ...granted] : []) {
      await db.insertInto('role_menu').values({ role_id: roleId, menu_id: menuId }).onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing()).execute();
    }
    // A group left without a page is not shown as an empty heading.
    const taken = [...denied, ...(pageIds.length ? [] : [groupId])];
    if (taken.length) await db.deleteFrom('role_menu').where('role_id', '=', roleId).where('menu_id', 'in', taken).execute();
  }
}

/**
 * Public files the configuration names and every deployment must serve, production included:
 * the material categories' templates under /zsData/download/. Written when missing (no record, or
 * a record whose bytes are gone), left alone otherwise, so a template the graduate school
 * uploads in place of ours is kept.
 */
export const REFERENCE_FILES = [
  {
    filePath: '/zsData/download/expert-recommendation-template.pdf',
    originalName: '专家推荐信模板.pdf',
    bytes: () => demoPdf('Expert recommendation letter - template'),
  },
  {
    filePath: TMS_PLEDGE_TEMPLATE,
    originalName: '推免诚信承诺书模板.pdf',
    bytes: () => demoPdf('Integrity pledge of a recommended-exempt applicant - template'),
  },
] as const;

export async function syncReferenceFiles(db: DB, storage: FileStorage, now: number): Promise<void> {
  for (const file of REFERENCE_FILES) {
    const row = await db.selectFrom('stored_file').select(['id', 'storage_key']).where('file_path', '=', file.filePath).executeTakeFirst();
    if (row && (await storage.exists(row.storage_key))) continue;
    const saved = await storage.saveBuffer(file.bytes());
    const values = { storage_key: saved.storageKey, mime_type: 'application/pdf', size_bytes: saved.size, sha256: saved.sha256 };
    try {
      if (row) {
        await db.updateTable('stored_file').set(values).where('id', '=', row.id).where('storage_key', '=', row.storage_key).execute();
      } else {
        await db
          .insertInto('stored_file')
          .values({ ...values, file_path: file.filePath, owner_user_id: null, category: 'template', original_name: file.originalName, is_public: 1, created_at: now })
          // Another instance starting at the same moment may have written it first.
          .onConflict((oc) => oc.column('file_path').doNothing())
          .execute();
      }
    } catch (err) {
      await storage.remove(saved.storageKey);
      throw err;
    }
    const kept = await db.selectFrom('stored_file').select('id').where('storage_key', '=', saved.storageKey).executeTakeFirst();
    if (!kept) await storage.remove(saved.storageKey);
  }
}
