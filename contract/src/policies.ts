/**
 * Pure authorization rules. The server calls `can` after loading the target; the web never
 * re-derives these, it reads the abilities the server sent (menus, permission strings).
 */
import { STAFF_ROLES, type RoleKey } from './codes';

export interface Actor {
  userId: number;
  /** The active role decides what the user can do right now. */
  activeRole: RoleKey | string;
  roles: readonly string[];
}

export type Action =
  | { kind: 'file.read'; file: { ownerUserId: number | null; isPublic: boolean } }
  | { kind: 'role.switch'; roleKey: string }
  | { kind: 'staff.area' }
  | { kind: 'admin.area' };

export const isStaff = (actor: Actor): boolean => (STAFF_ROLES as readonly string[]).includes(actor.activeRole);

export function can(actor: Actor, action: Action): boolean {
  switch (action.kind) {
    case 'file.read':
      // Public templates are for every signed-in user; an applicant's own files for them and staff.
      return action.file.isPublic || action.file.ownerUserId === actor.userId || isStaff(actor);
    case 'role.switch':
      return actor.roles.includes(action.roleKey);
    case 'staff.area':
      return isStaff(actor);
    case 'admin.area':
      return actor.activeRole === 'zs_admin';
  }
}
