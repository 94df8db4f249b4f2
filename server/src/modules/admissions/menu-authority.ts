import { MenuType, type MenuView } from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { param, perDatabase, prepareQuery } from '../../db/prepared';
import type { SessionContext } from '../session/service';
import { applicantOfSession } from './applicant';

/**
 * Menu authority, computed here and nowhere else: the rows the active role is granted, less the
 * rows of other areas' journeys and the rows whose stage gate the applicant's journey keeps
 * closed. The web shows what it is sent (spec 6).
 */
const menuQueries = perDatabase((db: DB) => ({
  ofRole: prepareQuery(db, (d) =>
    d
      .selectFrom('role_menu as rm')
      .innerJoin('menu as m', 'm.id', 'rm.menu_id')
      .selectAll('m')
      .where('rm.role_id', '=', param(0) as unknown as number)
      .orderBy('m.parent_id')
      .orderBy('m.order_num'),
  ),
}));

type GatedMenu = MenuView & { gate: string | null; area: string | null };

const menusKey = (roleId: number) => `menus:${roleId}`;

/** A role's rows, and whether any of them is an area's or behind a gate (then the applicant's gates matter). */
interface RoleMenus {
  rows: GatedMenu[];
  scoped: boolean;
}

function menusOfRole(ctx: AppContext, roleId: number): Promise<RoleMenus> {
  return ctx.cache.get(menusKey(roleId), async () => {
    const rows = (await menuQueries(ctx.db).ofRole(roleId)).map((m): GatedMenu => ({
      gate: m.stage_gate,
      area: m.area,
      menuId: m.id,
      parentId: m.parent_id,
      menuName: m.menu_name,
      path: m.path,
      component: m.component,
      menuType: m.menu_type as MenuView['menuType'],
      perms: m.perms,
      visible: m.visible === '1' ? '1' : '0',
      orderNum: m.order_num,
      icon: m.icon,
      isCache: m.is_cache === '1' ? '1' : '0',
    }));
    // Decided once per load, not on every getUserInfo.
    return { rows, scoped: rows.some((r) => r.gate || r.area) };
  });
}

/** The menu list with its JSON: most of the getUserInfo reply, serialized once per role, area and stage. */
export interface GrantedMenus {
  list: MenuView[];
  /**
   * The list's JSON as UTF-8 bytes: encoding a 1 KB two-byte string (the names are Chinese) on
   * every reply cost more than the rest of getUserInfo together (docs/performance.md).
   */
  json: Buffer;
}

const gatesKey = (userId: number) => `gates:${userId}`;

/** The gates open for an applicant, kept like the role's menus and dropped when the applicant changes. */
interface OpenGates {
  area: string | null;
  gates: ReadonlySet<string>;
  /** The gates as one sorted string, for the key of the lists made from them. */
  signature: string;
}

const NO_GATES: OpenGates = { area: null, gates: new Set(), signature: '' };

function openGatesOf(ctx: AppContext, auth: SessionContext): OpenGates | Promise<OpenGates> {
  const applicant = applicantOfSession(auth);
  const journey = applicant ? ctx.journeys.of(applicant.area) : undefined;
  if (!applicant || !journey) return { ...NO_GATES, area: applicant?.area ?? null };
  return (
    ctx.cache.peek<OpenGates>(gatesKey(applicant.userId)) ??
    ctx.cache.get(gatesKey(applicant.userId), async () => {
      const gates = await journey.openGates(ctx, applicant);
      return { area: applicant.area, gates, signature: [...gates].sort().join(',') };
    })
  );
}

/**
 * The menus the session's role and stage are granted. When everything it is made of is cached
 * (nearly every call), the answer comes without a promise: getUserInfo is the hottest call there is.
 */
export function grantedMenus(ctx: AppContext, auth: SessionContext): GrantedMenus | Promise<GrantedMenus> {
  const role = ctx.cache.peek<RoleMenus>(menusKey(auth.activeRoleId));
  const gates = role && (role.scoped ? openGatesOf(ctx, auth) : NO_GATES);
  const granted = gates && !(gates instanceof Promise) ? ctx.cache.peek<GrantedMenus>(grantedKey(auth, gates)) : undefined;
  // Gates already being loaded are awaited, not loaded a second time (an abandoned load could fail unheard).
  return granted ?? grantMenus(ctx, auth, gates);
}

async function grantMenus(ctx: AppContext, auth: SessionContext, pendingGates?: OpenGates | Promise<OpenGates>): Promise<GrantedMenus> {
  const { rows, scoped } = await menusOfRole(ctx, auth.activeRoleId);
  const open = scoped ? await (pendingGates ?? openGatesOf(ctx, auth)) : NO_GATES;
  // Applicants at the same stage share one filtered list.
  return ctx.cache.get(grantedKey(auth, open), async () => {
    const list = filterRows(rows, open.area, open.gates);
    return { list, json: Buffer.from(JSON.stringify(list)) };
  });
}

const grantedKey = (auth: SessionContext, { area, signature }: OpenGates) => `granted:${auth.activeRoleId}:${area ?? ''}:${signature}`;

function filterRows(rows: readonly GatedMenu[], area: string | null, gates: ReadonlySet<string>): MenuView[] {
  const kept = new Set<number>();
  const out: MenuView[] = [];
  // Rows come ordered by parent id, and a parent's id is always lower than its children's.
  for (const { gate, area: rowArea, ...menu } of rows) {
    if (rowArea && rowArea !== area) continue;
    if (gate && !gates.has(gate)) continue;
    if (menu.parentId !== 0 && !kept.has(menu.parentId)) continue;
    kept.add(menu.menuId);
    out.push(menu);
  }
  return out;
}

/** Wires the applicant-changed signal to the gates kept here. */
export function forgetGatesOnChange(ctx: AppContext): void {
  ctx.applicantChanged.listen((userId) => ctx.cache.delete(gatesKey(userId)));
}

/** The back-office pages and buttons a role is granted: what a staff call's page rule is checked against. */
export interface RoleGrants {
  pages: ReadonlySet<string>;
  buttons: ReadonlySet<string>;
}

const grantsKey = (roleId: number) => `grants:${roleId}`;

export function roleGrants(ctx: AppContext, roleId: number): RoleGrants | Promise<RoleGrants> {
  return (
    ctx.cache.peek<RoleGrants>(grantsKey(roleId)) ??
    ctx.cache.get(grantsKey(roleId), async () => {
      const { rows } = await menusOfRole(ctx, roleId);
      return {
        pages: new Set(rows.filter((r) => r.menuType === MenuType.PAGE && r.component).map((r) => r.component!)),
        buttons: new Set(rows.filter((r) => r.menuType === MenuType.BUTTON && r.perms).map((r) => r.perms!)),
      };
    })
  );
}
