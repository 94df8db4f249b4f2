/**
 * Staff accounts (issue #10, "running the portal"), under /mucgrs-service/staff/accounts/: the
 * system administrator creates, corrects, disables and re-enables back-office accounts and resets
 * their passwords. Every call is `staff.manage`; the server also refuses what no administrator may
 * do to their own account (disable it, change its roles or permissions), so nobody grants
 * themselves the publish permission.
 *
 * Two-person rule: a change that gives the power to publish results or to administer the portal
 * (a privileged account created, those roles or permissions granted, a privileged account's
 * address changed or its password reset) is not made at once. It waits as a request until a
 * second system administrator confirms it, and a privileged account's one-time password is mailed
 * to the account's own address, never shown to either of them. Every one-time password lets its
 * account do nothing but choose its own (policies.ts `awaitsPasswordChange`).
 */
import { z } from 'zod';
import { STAFF_PERMISSIONS, STAFF_ROLES, RoleKey, type StaffPermission } from '../codes';
import { EMAIL } from '../validators/contact';
import { choice, requiredText, typeError, V } from './common';
import { recordIdField as id } from './staff-file';

export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const ACCOUNT_PAGE_SIZES = [10, 20, 50] as const;
/** Letters, digits, dot, dash or underscore: what the sign-in form accepts as a login name. */
export const LOGIN_NAME = /^[A-Za-z0-9._-]{3,64}$/;
const staffRoles = STAFF_ROLES as unknown as readonly [RoleKey, ...RoleKey[]];

/** POST /mucgrs-service/staff/accounts/list */
export const staffAccountListRequest = z
  .object({
    /** Any part of the login name or the name. */
    q: z.string({ error: typeError }).trim().max(50, { error: V.tooLong }).optional(),
    role: choice(staffRoles).optional(),
    status: choice(ACCOUNT_STATUSES).optional(),
    pageNum: z.number({ error: typeError }).int({ error: V.invalidType }).min(1, { error: V.tooShort }).max(10_000, { error: V.tooLong }).default(1),
    pageSize: z
      .number({ error: typeError })
      .refine((n) => (ACCOUNT_PAGE_SIZES as readonly number[]).includes(n), { error: V.invalidChoice })
      .default(20),
  })
  .strict();
export type StaffAccountListRequest = z.input<typeof staffAccountListRequest>;
export type StaffAccountListQuery = z.output<typeof staffAccountListRequest>;

export interface StaffAccountRow {
  userId: number;
  loginName: string;
  name: string;
  email: string | null;
  status: AccountStatus;
  /** In the order they are offered at sign-in: the first is the default. */
  roleKeys: RoleKey[];
  /** A department secretary's schools. */
  departments: { id: number; nameZh: string; nameEn: string }[];
  permissions: StaffPermission[];
  /** The newest sign-in, or null for an account never used. */
  lastSignInAt: string | null;
  createdAt: string;
  /** The caller's own account: its roles, permissions and status are not theirs to change. */
  self: boolean;
}

export interface StaffAccountListView {
  total: number;
  pageNum: number;
  pageSize: number;
  rows: StaffAccountRow[];
}

/** POST /mucgrs-service/staff/accounts/options: what the account form offers. */
export const staffAccountOptionsRequest = z.object({}).strict();
export interface StaffAccountOptionsView {
  roles: RoleKey[];
  departments: { id: number; nameZh: string; nameEn: string }[];
  permissions: StaffPermission[];
}

/** What an account is: its name, address, roles and scope. A secretary needs a school; only a secretary has one. */
const accountFields = {
  name: requiredText(50),
  /** Where notices reach them; may be left empty. */
  email: z
    .string({ error: typeError })
    .trim()
    .max(254, { error: V.tooLong })
    .refine((v) => v === '' || EMAIL.test(v), { error: 'email.format' })
    .optional(),
  roleKeys: z
    .array(choice(staffRoles), { error: typeError })
    .min(1, { error: V.required })
    .max(STAFF_ROLES.length, { error: V.tooLong })
    .refine((keys) => new Set(keys).size === keys.length, { error: 'account.duplicateRole' }),
  departmentIds: z.array(id, { error: typeError }).max(50, { error: V.tooLong }).default([]),
  permissions: z.array(choice(STAFF_PERMISSIONS), { error: typeError }).max(STAFF_PERMISSIONS.length, { error: V.tooLong }).default([]),
};

/** Publishing results and administering the portal: what one administrator never grants alone. */
export const isPrivilegedScope = (a: { roleKeys: readonly string[]; permissions: readonly string[] }): boolean =>
  a.roleKeys.includes(RoleKey.SYSADMIN) || a.permissions.includes('results.publish');

const scoped = <T extends { roleKeys: string[]; departmentIds: number[]; permissions: string[]; email?: string }>(a: T, ctx: z.RefinementCtx) => {
  // Its one-time passwords are mailed there, never shown to an administrator.
  if (isPrivilegedScope(a) && !a.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'account.privilegedNeedsEmail' });
  const secretary = a.roleKeys.includes(RoleKey.DEPT);
  if (secretary && a.departmentIds.length === 0) ctx.addIssue({ code: 'custom', path: ['departmentIds'], message: 'account.secretaryNeedsDepartment' });
  if (!secretary && a.departmentIds.length > 0) ctx.addIssue({ code: 'custom', path: ['departmentIds'], message: 'account.departmentsOnlyForSecretary' });
};

/** POST /mucgrs-service/staff/accounts/create: answers the one-time password, shown once. */
export const createStaffAccountRequest = z
  .object({ loginName: z.string({ error: typeError }).trim().regex(LOGIN_NAME, { error: V.format }), ...accountFields })
  .strict()
  .superRefine(scoped);
export type CreateStaffAccountRequest = z.input<typeof createStaffAccountRequest>;
export type CreateStaffAccountInput = z.output<typeof createStaffAccountRequest>;

/** POST /mucgrs-service/staff/accounts/update: the login name never changes (it is in the audit trail). */
export const updateStaffAccountRequest = z
  .object({ userId: id, ...accountFields })
  .strict()
  .superRefine(scoped);
export type UpdateStaffAccountRequest = z.input<typeof updateStaffAccountRequest>;
export type UpdateStaffAccountInput = z.output<typeof updateStaffAccountRequest>;

/** POST /mucgrs-service/staff/accounts/disable: ends the account's sessions at once. */
export const disableStaffAccountRequest = z.object({ userId: id, reason: requiredText(200) }).strict();
export type DisableStaffAccountRequest = z.input<typeof disableStaffAccountRequest>;

/** POST /mucgrs-service/staff/accounts/enable and /resetPassword */
export const staffAccountRequest = z.object({ userId: id }).strict();

/**
 * A password made by the server for the administrator to pass on (create, reset): shown once, never
 * stored in the clear; the account's sessions end when it is reset.
 */
export interface OneTimePassword {
  userId: number;
  loginName: string;
  password: string;
}

/**
 * What became of a create, update or reset: done (with the one-time password to pass on, for an
 * ordinary account's create or reset), or waiting for a second system administrator.
 */
export type AccountChangeReply = { outcome: 'done'; oneTimePassword: OneTimePassword | null } | { outcome: 'pending'; requestId: number };

export const ACCOUNT_REQUEST_ACTIONS = ['create', 'update', 'resetPassword'] as const;
export type AccountRequestAction = (typeof ACCOUNT_REQUEST_ACTIONS)[number];

/** One change waiting for a second system administrator. */
export interface AccountRequestRow {
  requestId: number;
  action: AccountRequestAction;
  loginName: string;
  /** The account as it would be after the change (create, update); null for a password reset. */
  change: { name: string; email: string | null; roleKeys: RoleKey[]; departmentIds: number[]; permissions: StaffPermission[] } | null;
  /** The account as it is now (update, reset); null for a new account. */
  current: { name: string; email: string | null; roleKeys: RoleKey[]; permissions: StaffPermission[] } | null;
  requestedBy: { loginName: string; name: string };
  requestedAt: string;
  /** The caller asked for it: they may withdraw it, not confirm it. */
  mine: boolean;
  /** The caller is the account it changes: they may not confirm it either. */
  aboutCaller: boolean;
}

/** POST /mucgrs-service/staff/accounts/requests: the changes waiting, oldest first. */
export const accountRequestListRequest = z.object({}).strict();

/** POST /mucgrs-service/staff/accounts/confirm: by a system administrator other than the one who asked. */
export const confirmAccountRequest = z.object({ requestId: id }).strict();
export type ConfirmAccountRequest = z.input<typeof confirmAccountRequest>;
/** Where the one-time password went (create, reset); null for an update. */
export interface AccountRequestConfirmed {
  mailedTo: string | null;
}

/** POST /mucgrs-service/staff/accounts/decline: any system administrator, the one who asked included (a withdrawal). */
export const declineAccountRequest = z.object({ requestId: id, reason: requiredText(200) }).strict();
export type DeclineAccountRequest = z.input<typeof declineAccountRequest>;
