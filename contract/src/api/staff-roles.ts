/**
 * Roles' menus and buttons (issue #10, "Users and roles"), under /mucgrs-service/staff/roles/:
 * the system administrator grants or denies each staff role the back-office pages and buttons its
 * policy allows (the RuoYi M/C/F rows of menus.ts). A denied page leaves the role's menu and its
 * calls are refused (staff-calls.ts); a denied button likewise. What a role can ever do is the
 * policy's (policies.ts): nothing here widens it. Publishing results is a person's permission,
 * granted under the two-person rule on the Accounts page, never a role's.
 */
import { z } from 'zod';
import { STAFF_ROLES } from '../codes';
import { choice, typeError, V } from './common';

/** A page (by component) or a button (by permission string). */
const grantKey = z.string({ error: typeError }).trim().min(1, { error: V.required }).max(80, { error: V.tooLong });

/** POST .../staff/roles/list */
export const roleListRequest = z.object({}).strict();

/** How far a role reaches into applicants' records: the policy's, shown beside its grants. */
export type StaffRoleScope = 'every' | 'departments' | 'assigned' | 'portal';

export interface StaffRoleButtonView {
  /** The permission string (`staff:applications:export`). */
  key: string;
  /** i18n key of its name. */
  name: string;
  granted: boolean;
}
export interface StaffRolePageView {
  /** The page's component (`staff/exams`). */
  key: string;
  name: string;
  /** Opened from another page (a row's file), not from the menu. */
  hidden: boolean;
  granted: boolean;
  buttons: StaffRoleButtonView[];
}
export interface StaffRoleGroupView {
  name: string;
  pages: StaffRolePageView[];
}
export interface StaffRoleView {
  roleKey: string;
  /** i18n key of its name. */
  name: string;
  scope: StaffRoleScope;
  /** Active staff accounts holding it. */
  accounts: number;
  /** The pages its policy allows, grouped as the menu shows them, each granted or not. */
  groups: StaffRoleGroupView[];
  /** Of the grants as read: a save based on older grants is refused (someone changed them meanwhile). */
  version: string;
  /** The page that edits grants cannot be denied to the system administrator (nobody could undo it). */
  locked: string[];
}
export interface StaffRoleListView {
  roles: StaffRoleView[];
}

/** POST .../staff/roles/save: the role's whole grant, pages and buttons; anything offered and not named is denied. */
export const roleSaveRequest = z
  .object({
    roleKey: choice(STAFF_ROLES as unknown as readonly [string, ...string[]]),
    granted: z.array(grantKey, { error: typeError }).max(200, { error: V.tooLong }),
    version: z.string({ error: typeError }).max(100, { error: V.tooLong }),
  })
  .strict();
export type RoleSaveRequest = z.input<typeof roleSaveRequest>;

export interface RoleSaveResult {
  /** The role's grants as now stored. */
  role: StaffRoleView;
}
