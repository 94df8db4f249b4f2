/**
 * Staff accounts (issue #10, "running the portal"), under /mucgrs-service/staff/accounts/: the
 * system administrator creates, corrects, disables and re-enables back-office accounts and resets
 * their passwords. Every call is `staff.manage`; the server also refuses what no administrator may
 * do to their own account (disable it, change its roles or permissions), so nobody grants
 * themselves the publish permission.
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

const scoped = <T extends { roleKeys: string[]; departmentIds: number[] }>(a: T, ctx: z.RefinementCtx) => {
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
