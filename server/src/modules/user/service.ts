import { ReplyCode, RoleKey, maskIdNumber, type SessionUserView } from '@gradus/contract';
import type { changePasswordRequest } from '@gradus/contract';
import type { z } from 'zod';
import type { AppContext, ClientInfo } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashSecret, verifySecret } from '../../lib/passwords';
import { audit } from '../audit/service';
import { forgetSession, revokeUserSessions, type SessionContext } from '../session/service';
import { grantedMenus, type GrantedMenus } from '../admissions/menu-authority';
import { currentRecruitYear, findUserById, rolesOf, rolesOfUser, type RoleRow } from '../user/repo';

/**
 * The presenter of the session user (spec section 3): the only place a user row becomes a reply.
 * getUserInfo is the hottest call there is and its menu list the bulk of it, so the reply is
 * bytes: the session's own fields, encoded once per session and inputs, then the role's menus,
 * encoded once per role and stage. With its inputs cached (nearly every call) it needs no promise.
 */
export function sessionUserReply(ctx: AppContext, auth: SessionContext, msg: string): Buffer | Promise<Buffer> {
  const roles = ctx.cache.peek<RoleRow[]>(rolesKey(auth.userId));
  const recruitYear = ctx.cache.peek<RecruitYear>(RECRUIT_YEAR_KEY);
  // An account on a one-time password has one page: choosing its own (policies.ts refuses the rest).
  const menus = auth.user.passwordChangeDue ? NO_MENUS : grantedMenus(ctx, auth);
  if (!roles || !recruitYear || menus instanceof Promise) return slowReply(ctx, auth, msg, menus);
  return replyOf(auth, { roles, recruitYear, msg, menus });
}

/** The menus already asked for are awaited, not asked for again: two loads of one key would race. */
async function slowReply(ctx: AppContext, auth: SessionContext, msg: string, granted: GrantedMenus | Promise<GrantedMenus>): Promise<Buffer> {
  const [roles, recruitYear, menus] = await Promise.all([
    ctx.cache.get(rolesKey(auth.userId), () => rolesOfUser(ctx.db, auth.userId)),
    ctx.cache.get(RECRUIT_YEAR_KEY, async (): Promise<RecruitYear> => ({ year: await currentRecruitYear(ctx.db) })),
    granted,
  ]);
  return replyOf(auth, { roles, recruitYear, msg, menus });
}

const NO_MENUS: GrantedMenus = { list: [], json: Buffer.from('[]') };
const rolesKey = (userId: number) => `roles:${userId}`;
const RECRUIT_YEAR_KEY = 'recruitYear';
/** Boxed, so that "no current year" is cached like a year. */
interface RecruitYear {
  year: string | undefined;
}
const CLOSE_REPLY = Buffer.from('}}');

/** What one session's reply is made of; the cached rows and lists are replaced, never mutated. */
interface ReplyInputs {
  roles: RoleRow[];
  recruitYear: RecruitYear;
  msg: string;
  menus: GrantedMenus;
}

/**
 * The last reply of each session, kept for as long as the very same inputs come back: identity
 * says "unchanged", so it adds no staleness to what the caches already allow.
 */
const lastReplies = new WeakMap<SessionContext, ReplyInputs & { bytes: Buffer }>();

function replyOf(auth: SessionContext, inputs: ReplyInputs): Buffer {
  const last = lastReplies.get(auth);
  if (last && last.roles === inputs.roles && last.recruitYear === inputs.recruitYear && last.msg === inputs.msg && last.menus === inputs.menus) {
    return last.bytes;
  }
  const { roles, recruitYear, msg, menus } = inputs;
  const reply: { code: 0; msg: string; data: Omit<SessionUserView, 'sysMenuList'> } = { code: 0, msg, data: sessionUserFields(auth, roles, recruitYear.year) };
  // The envelope minus its last two braces, then the menus' JSON, then the braces.
  const bytes = Buffer.concat([Buffer.from(`${JSON.stringify(reply).slice(0, -2)},"sysMenuList":`), menus.json, CLOSE_REPLY]);
  lastReplies.set(auth, { ...inputs, bytes });
  return bytes;
}

function sessionUserFields(auth: SessionContext, roles: RoleRow[], recruitYear: string | undefined): Omit<SessionUserView, 'sysMenuList'> {
  const { user } = auth;
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
    ...(user.passwordChangeDue ? { passwordChangeDue: true as const } : {}),
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
  // Two hashes: through the same gate as sign-ins (lib/password-gate.ts), 429 when too many wait.
  await ctx.passwords.run(() => changeChecked(ctx, auth, input, client));
}

async function changeChecked(ctx: AppContext, auth: SessionContext, input: z.output<typeof changePasswordRequest>, client: ClientInfo): Promise<void> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user || !(await verifySecret(user.password_hash, input.oldPassword))) {
    throw new AppError(ReplyCode.WRONG_PASSWORD, 'error.wrongPassword');
  }
  const hash = await hashSecret(input.newPassword);
  const now = ctx.clock.now();
  await ctx.db.updateTable('app_user').set({ password_hash: hash, password_change_due: 0, updated_at: now }).where('id', '=', user.id).execute();
  await revokeUserSessions(ctx.db, now, user.id, auth.sessionId);
  // A one-time password replaced: this session's next request reads the account again and may act.
  if (auth.user.passwordChangeDue) forgetSession(ctx.db, auth.sessionId);
  await audit(ctx.db, now, 'password.change', { userId: user.id, ip: client.ip });
}
