import { ReplyCode, RoleKey, maskIdNumber, type MenuGate, type MenuView, type SessionUserView } from '@gradus/contract';
import type { changePasswordRequest } from '@gradus/contract';
import type { z } from 'zod';
import type { AppContext, ClientInfo } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashSecret, verifySecret } from '../../lib/passwords';
import { audit } from '../audit/service';
import { forgetSession, revokeUserSessions, type SessionContext } from '../session/service';
import type { DB } from '../../db/database';
import { perDatabase, prepareQuery, param } from '../../db/prepared';
import { gatesOf } from '../doctor/journey/service';
import { currentRecruitYear, findUserById, rolesOf, rolesOfUser } from '../user/repo';

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

/** A role's menu rows, each with the stage gate (if any) that must be open for an applicant. */
type GatedMenu = MenuView & { gate: string | null };

function menusOfRole(ctx: AppContext, roleId: number): Promise<GatedMenu[]> {
  return ctx.cache.get(`menus:${roleId}`, async () =>
    (await menuQueries(ctx.db).ofRole(roleId)).map((m) => ({
      gate: m.stage_gate,
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
    })),
  );
}

/**
 * Menu authority follows the stage: a gated row is kept only when its gate is open for this
 * applicant, and a row whose parent was dropped goes with it.
 */
async function grantedMenus(ctx: AppContext, auth: SessionContext): Promise<GrantedMenus> {
  const rows = await menusOfRole(ctx, auth.activeRoleId);
  const gated = rows.some((r) => r.gate);
  const gates =
    gated && auth.activeRoleKey === RoleKey.DOCTOR && auth.user.recruitYear
      ? await gatesOf(ctx, { userId: auth.userId, recruitYear: auth.user.recruitYear })
      : new Set<string>();
  // Applicants at the same stage share one filtered list: getUserInfo is the hottest call there is.
  const key = `granted:${auth.activeRoleId}:${[...gates].sort().join(',')}`;
  return ctx.cache.get(key, async () => {
    const list = filterByGates(rows, gates);
    return { list, json: JSON.stringify(list) };
  });
}

/** The menu list with its JSON: most of the getUserInfo reply, serialized once per role and stage. */
interface GrantedMenus {
  list: MenuView[];
  json: string;
}

function filterByGates(rows: readonly GatedMenu[], gates: ReadonlySet<string>): MenuView[] {
  const kept = new Set<number>();
  const out: MenuView[] = [];
  // Rows come ordered by parent id, and a parent's id is always lower than its children's.
  for (const { gate, ...menu } of rows) {
    if (gate && !gates.has(gate as MenuGate)) continue;
    if (menu.parentId !== 0 && !kept.has(menu.parentId)) continue;
    kept.add(menu.menuId);
    out.push(menu);
  }
  return out;
}

/**
 * The presenter of the session user (spec section 3): the only place a user row becomes a reply.
 * getUserInfo is the hottest call there is and its menu list the bulk of it, so the reply is the
 * envelope with the cached menu JSON spliced in rather than the whole object serialized anew.
 */
export async function sessionUserReply(ctx: AppContext, auth: SessionContext, msg: string): Promise<string> {
  const [user, menus] = await Promise.all([sessionUserFields(ctx, auth), grantedMenus(ctx, auth)]);
  const reply: { code: 0; msg: string; data: Omit<SessionUserView, 'sysMenuList'> } = { code: 0, msg, data: user };
  // `{"code":0,"msg":"…","data":{…}}` minus its last two braces, then the menus, then the braces.
  return `${JSON.stringify(reply).slice(0, -2)},"sysMenuList":${menus.json}}}`;
}

async function sessionUserFields(ctx: AppContext, auth: SessionContext): Promise<Omit<SessionUserView, 'sysMenuList'>> {
  const { user } = auth;
  const [roles, recruitYear] = await Promise.all([
    ctx.cache.get(`roles:${auth.userId}`, () => rolesOfUser(ctx.db, auth.userId)),
    ctx.cache.get('recruitYear', () => currentRecruitYear(ctx.db)),
  ]);
  // The active role first, as the spec's client takes roles[0] as the current one.
  const ordered = [...roles].sort((a, b) => Number(b.roleId === auth.activeRoleId) - Number(a.roleId === auth.activeRoleId));
  const isMaster = auth.activeRoleKey === RoleKey.MASTER;
  return {
    loginName: user.loginName ?? user.applicantNumber ?? '',
    userName: user.name,
    userId: auth.userId,
    deptId: user.deptId,
    sex: user.sex,
    avatar: user.avatar,
    introduction: user.introduction,
    idNumber: user.idNumber ? maskIdNumber(user.idNumber) : null,
    userRegisterType: user.userRegisterType,
    ...(user.kind === 'applicant' && user.applicantNumber
      ? isMaster
        ? { candidateNo: user.applicantNumber }
        : { registerNo: user.applicantNumber }
      : {}),
    roles: ordered,
    systemDict: { recruitYear: user.recruitYear ?? recruitYear ?? '', registerType: user.userRegisterType },
    summerCampDict: {},
  };
}

export async function switchRole(ctx: AppContext, auth: SessionContext, roleKey: string, client: ClientInfo): Promise<void> {
  const roles = await rolesOf(ctx.db, auth.userId);
  const target = roles.find((r) => r.roleKey === roleKey);
  if (!target) throw new AppError(ReplyCode.FORBIDDEN, 'error.roleNotHeld');
  await ctx.db.updateTable('session').set({ active_role_id: target.roleId }).where('id', '=', auth.sessionId).execute();
  forgetSession(ctx.db, auth.sessionId);
  await audit(ctx.db, ctx.clock.now(), 'role.switch', { userId: auth.userId, ip: client.ip, detail: { roleKey } });
}

/** Changing the password ends every other session of the user; this one stays signed in. */
export async function changePassword(
  ctx: AppContext,
  auth: SessionContext,
  input: z.output<typeof changePasswordRequest>,
  client: ClientInfo,
): Promise<void> {
  // Not offered to summer-camp/master applicants (spec 6); the server refuses it too.
  if (auth.activeRoleKey === RoleKey.MASTER) throw new AppError(ReplyCode.FORBIDDEN, 'error.forbidden');
  const user = await findUserById(ctx.db, auth.userId);
  if (!user || !(await verifySecret(user.password_hash, input.oldPassword))) {
    throw new AppError(ReplyCode.WRONG_PASSWORD, 'error.wrongPassword');
  }
  const hash = await hashSecret(input.newPassword);
  const now = ctx.clock.now();
  await ctx.db.updateTable('app_user').set({ password_hash: hash, updated_at: now }).where('id', '=', user.id).execute();
  await revokeUserSessions(ctx.db, now, user.id, auth.sessionId);
  await audit(ctx.db, now, 'password.change', { userId: user.id, ip: client.ip });
}
