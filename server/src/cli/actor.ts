import { can, type Action, type Actor, type AdmissionArea, type ApplicationTarget } from '@gradus/contract';
import { loadApplicationTarget } from '../modules/admissions/application-target';
import type { StaffActor } from '../modules/admissions/staff-audit';
import { staffActor } from '../modules/access/actor';
import { findStaffByLoginName, rolesOf } from '../modules/user/repo';
import { UsageError, type CommandEnv } from './args';

/** The named staff member a command acts as, judged by the same policies as in the back office. */
export interface CommandActor {
  actor: Actor;
  /** For the audit trail and the records' `decided_by`. */
  staff: StaffActor;
  login: string;
}

/**
 * `--as <login name>` (or GRADUS_ACTOR): the staff account, active, in its default (first) role.
 * A shell on the server is not a role: every staff command names who acts.
 */
export async function commandActor(env: CommandEnv): Promise<CommandActor> {
  const login = env.actorLogin;
  if (!login) throw new UsageError('name the staff member acting: --as <login name> (or set GRADUS_ACTOR)');
  const user = await findStaffByLoginName(env.db, login);
  if (!user || user.status !== 'active') throw new UsageError(`no active staff account with login name ${login}`);
  const [first] = await rolesOf(env.db, user.id);
  return { actor: await staffActor(env.db, user.id, first?.roleKey ?? ''), staff: { staffUserId: user.id }, login };
}

export function authorizeCommand(who: CommandActor, action: Action): void {
  if (!can(who.actor, action)) throw new UsageError(`${who.login} may not do this (${action.kind}): their role or scope does not cover it`);
}

type ApplicationAction = Extract<Action, { application: unknown }>['kind'];

/**
 * Authorizes a command on one applicant's application, as the back office would. An area's
 * command names its area: another area's applicant is refused (their records follow other rules).
 */
export async function authorizeOnApplicant(
  env: CommandEnv,
  applicant: { userId: number; applicantNumber: string },
  kind: ApplicationAction,
  area?: AdmissionArea,
  /** The review stage a decision is for (review.decide). */
  stage?: string,
): Promise<CommandActor & { application: ApplicationTarget }> {
  const who = await commandActor(env);
  const application = await loadApplicationTarget(env.db, applicant.userId);
  if (!application) throw new UsageError(`${applicant.applicantNumber} has no application`);
  if (area && application.area !== area) throw new UsageError(`${applicant.applicantNumber} is an applicant of ${application.area}, not ${area}`);
  authorizeCommand(who, { kind, application, ...(stage === undefined ? {} : { stage }) } as Extract<Action, { kind: typeof kind }>);
  return { ...who, application };
}

