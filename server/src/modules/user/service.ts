import { ReplyCode, RoleKey, maskIdNumber, type SessionUserView } from '@gradus/contract';
import type { changePasswordRequest } from '@gradus/contract';
import type { z } from 'zod';
import type { AppContext, ClientInfo } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashSecret, verifySecret } from '../../lib/passwords';
import { audit } from '../audit/service';
import { forgetSession, revokeUserSessions, type SessionContext } from '../session/service';
import { grantedMenus } from '../admissions/menu-authority';
import { currentRecruitYear, findUserById, rolesOf, rolesOfUser } from '../user/repo';

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

/** The policy (`role.switch`) admitted only a role the account holds; a role taken away meanwhile is refused here. */
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
