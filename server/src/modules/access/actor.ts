import { STAFF_PERMISSIONS, isStaffRole, journeyAreaOf, type Actor, type StaffPermission } from '@gradus/contract';
import type { DB } from '../../db/database';
import type { SessionContext } from '../session/service';
import { rolesOf } from '../user/repo';

/**
 * The actor a policy judges, built once per request from the session (and, for staff, their
 * scope read fresh: a secretary moved to another department loses the old one at once).
 * Applicants and anonymous callers need no query, so they get no promise either.
 */
export function actorOfSession(db: DB, auth: SessionContext | null): Actor | Promise<Actor> {
  if (!auth) return { kind: 'anonymous' };
  const { user } = auth;
  if (user.kind === 'applicant') {
    return {
      kind: 'applicant',
      userId: auth.userId,
      area: (user.userRegisterType && journeyAreaOf(user.userRegisterType)) || null,
      recruitYear: user.recruitYear,
      roles: [auth.activeRoleKey],
    };
  }
  return staffActor(db, auth.userId, auth.activeRoleKey, user.passwordChangeDue);
}

export async function staffActor(db: DB, userId: number, activeRole: string, passwordChangeDue = false): Promise<Actor> {
  const [roles, departments, permissions] = await Promise.all([
    rolesOf(db, userId),
    db.selectFrom('staff_department').select('department_id').where('user_id', '=', userId).execute(),
    db.selectFrom('staff_permission').select('permission').where('user_id', '=', userId).execute(),
  ]);
  return {
    kind: 'staff',
    userId,
    // A role taken away since the session began no longer acts, even as the session's active role.
    activeRole: isStaffRole(activeRole) && roles.some((r) => r.roleKey === activeRole) ? activeRole : '',
    roles: roles.map((r) => r.roleKey),
    departmentIds: departments.map((d) => d.department_id),
    permissions: permissions.map((p) => p.permission).filter((p): p is StaffPermission => (STAFF_PERMISSIONS as readonly string[]).includes(p)),
    ...(passwordChangeDue ? { passwordChangeDue } : {}),
  };
}
