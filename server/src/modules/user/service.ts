import { ReplyCode, RoleKey, maskIdNumber, type MenuView, type SessionUserView } from '@gradus/contract';
import type { changePasswordRequest } from '@gradus/contract';
import type { z } from 'zod';
import type { AppContext, ClientInfo } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashSecret, verifySecret } from '../../lib/passwords';
import { audit } from '../audit/service';
import { revokeUserSessions, type SessionContext } from '../session/service';
import { currentRecruitYear, findUserById, rolesOf } from '../user/repo';

async function menusOfRole(ctx: AppContext, roleId: number): Promise<MenuView[]> {
  const rows = await ctx.db
    .selectFrom('role_menu as rm')
    .innerJoin('menu as m', 'm.id', 'rm.menu_id')
    .selectAll('m')
    .where('rm.role_id', '=', roleId)
    .orderBy('m.parent_id')
    .orderBy('m.order_num')
    .execute();
  return rows.map((m) => ({
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
}

/** The presenter of the session user (spec section 3): the only place a user row becomes a reply. */
export async function sessionUser(ctx: AppContext, auth: SessionContext): Promise<SessionUserView> {
  const [user, roles, menus, recruitYear] = await Promise.all([
    findUserById(ctx.db, auth.userId),
    rolesOf(ctx.db, auth.userId),
    menusOfRole(ctx, auth.activeRoleId),
    currentRecruitYear(ctx.db),
  ]);
  if (!user) throw new AppError(ReplyCode.SESSION_EXPIRED, 'error.sessionExpired');
  // The active role first, as the spec's client takes roles[0] as the current one.
  const ordered = [...roles].sort((a, b) => Number(b.roleId === auth.activeRoleId) - Number(a.roleId === auth.activeRoleId));
  const isApplicant = user.kind === 'applicant';
  const isMaster = auth.activeRoleKey === RoleKey.MASTER;
  return {
    loginName: user.login_name ?? user.applicant_number ?? '',
    userName: user.name,
    userId: user.id,
    deptId: user.dept_id,
    sex: user.sex,
    avatar: user.avatar,
    introduction: user.introduction,
    idNumber: user.id_number ? maskIdNumber(user.id_number) : null,
    userRegisterType: user.user_register_type,
    ...(isApplicant && user.applicant_number
      ? isMaster
        ? { candidateNo: user.applicant_number }
        : { registerNo: user.applicant_number }
      : {}),
    roles: ordered,
    sysMenuList: menus,
    systemDict: { recruitYear: user.recruit_year ?? recruitYear ?? '', registerType: user.user_register_type },
    summerCampDict: {},
  };
}

export async function switchRole(ctx: AppContext, auth: SessionContext, roleKey: string, client: ClientInfo): Promise<void> {
  const roles = await rolesOf(ctx.db, auth.userId);
  const target = roles.find((r) => r.roleKey === roleKey);
  if (!target) throw new AppError(ReplyCode.FORBIDDEN, 'error.roleNotHeld');
  await ctx.db.updateTable('session').set({ active_role_id: target.roleId }).where('id', '=', auth.sessionId).execute();
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
