/**
 * Reply codes, register types, roles and the constants of spec section 9.
 * Shared by server and web so neither re-derives them.
 */

/** Every reply is `{code, msg, data?}`; HTTP 200 carries business and session errors. */
export const ReplyCode = {
  OK: 0,
  /** Lost, expired or revoked session: the client opens its single re-login dialog. */
  SESSION_EXPIRED: 401,
  BAD_INPUT: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  THROTTLED: 429,
  SERVER_ERROR: 500,
  CAPTCHA_WRONG: 1001,
  BAD_CREDENTIALS: 1002,
  ACCOUNT_EXISTS: 1003,
  RESET_LINK_INVALID: 1004,
  WRONG_PASSWORD: 1005,
} as const;
export type ReplyCode = (typeof ReplyCode)[keyof typeof ReplyCode];

export interface Reply<T = undefined> {
  code: number;
  msg: string;
  data?: T;
}

/** userRegisterType: the project's decision recorded in issue #2. */
export const RegisterType = {
  DOCTOR_ASSESSMENT: 1,
  DOCTOR_SUCCESSIVE: 2,
  SUMMER_CAMP: 3,
  DOCTOR_HMT: 4,
  TUIMIAN: 5,
} as const;
export type RegisterType = (typeof RegisterType)[keyof typeof RegisterType];
export const REGISTER_TYPES: readonly RegisterType[] = [1, 2, 3, 4, 5];

/** Register types 3 and 5 sign in through masterLogin with a candidate number (spec 9). */
export const MASTER_LOGIN_TYPES: readonly RegisterType[] = [3, 5];
export const isMasterType = (t: number): boolean => (MASTER_LOGIN_TYPES as readonly number[]).includes(t);
export const isHmtType = (t: number): boolean => t === RegisterType.DOCTOR_HMT;

/**
 * Applicant roles of the spec (zs_doctor, zs_master) and the back office's: the graduate school's
 * admissions office (zs_admin), a department's secretary (zs_dept), an internal expert
 * (zs_reviewer) and the system administrator (zs_sysadmin). External experts hold no account.
 */
export const RoleKey = {
  DOCTOR: 'zs_doctor',
  MASTER: 'zs_master',
  REVIEWER: 'zs_reviewer',
  ADMIN: 'zs_admin',
  DEPT: 'zs_dept',
  SYSADMIN: 'zs_sysadmin',
} as const;
export type RoleKey = (typeof RoleKey)[keyof typeof RoleKey];
export const APPLICANT_ROLES: readonly RoleKey[] = [RoleKey.DOCTOR, RoleKey.MASTER];
export const STAFF_ROLES: readonly RoleKey[] = [RoleKey.REVIEWER, RoleKey.ADMIN, RoleKey.DEPT, RoleKey.SYSADMIN];
export const isStaffRole = (key: string): key is RoleKey => (STAFF_ROLES as readonly string[]).includes(key);

/**
 * Grants a staff account holds besides its roles. Publishing results is one: holding a role,
 * even the admissions office's, never implies it (issue #8).
 */
export const STAFF_PERMISSIONS = ['results.publish'] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];
export const roleForRegisterType = (t: RegisterType): RoleKey => (isMasterType(t) ? RoleKey.MASTER : RoleKey.DOCTOR);

/** ID document kinds accepted at registration. */
export const IdType = {
  MAINLAND_ID: '1',
  HK_MACAO_PERMIT: '2',
  TAIWAN_PERMIT: '3',
  PASSPORT: '4',
  /** Residence permit for Hong Kong, Macao and Taiwan residents (港澳台居民居住证): 18 digits, 810000/820000/830000. */
  HMT_RESIDENCE_PERMIT: '5',
} as const;
export type IdType = (typeof IdType)[keyof typeof IdType];
export const ID_TYPES = ['1', '2', '3', '4', '5'] as const;
/**
 * Hong Kong/Macao/Taiwan applicants use their home-return or Taiwan compatriot permit, the residence
 * permit or a passport (in the order the form offers them); everyone else the mainland ID card.
 */
export const idTypesFor = (t: number): readonly IdType[] => (isHmtType(t) ? ['2', '3', '5', '4'] : ['1']);

/** RuoYi convention: '0' male, '1' female. */
export const SEXES = ['0', '1'] as const;

/** The business areas that each hold their own system configuration (spec 1, 3); see areas.ts. */
export const SYSTEM_TYPES = ['system', 'doctor', 'master', 'summerCamp', 'tms', 'gat'] as const;
export type SystemType = (typeof SYSTEM_TYPES)[number];

/** The degree a programme leads to (programme.degree): doctoral programmes are the doctor area's catalogue. */
export const PROGRAMME_DEGREES = { DOCTORATE: 'doctor', MASTER: 'master' } as const;

/** Menu rows, RuoYi style. */
export const MenuType = { DIRECTORY: 'M', PAGE: 'C', BUTTON: 'F' } as const;

// --- Spec section 9 ---
export const TOKEN_COOKIE = 'Admin-Token';
export const SIZE_COOKIE = 'size';
export const LANGUAGE_COOKIE = 'language';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const DEFAULT_THEME_COLOR = '#1890ff';
export const REQUEST_TIMEOUT_MS = 5000;
export const ERROR_MESSAGE_SECONDS = 5;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 220;
export const SIDEBAR_COLLAPSED_WIDTH_PX = 54;
export const DOUBLE_TAP_WINDOW_MS = 300;
/** The spec's download roots; a filePath outside them is refused. Longest first so matching is unambiguous. */
export const DOWNLOAD_ROOTS = ['/zsData/download/', '/zsData/SummerCamp/', '/zsData/TmsInfo/', '/zsData/'] as const;
export const PUBLIC_DOWNLOAD_ROOT = '/zsData/download/';
/** zh-TW (Traditional Chinese, Taiwan phrasing) is generated from zh-CN: `npm run locales:zh-TW`. */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const UI_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof UI_SIZES)[number];
/** The spec's readings differ (settings say mini, the size choice medium); the size choice wins. */
export const DEFAULT_UI_SIZE: UiSize = 'medium';

/** Session lifetimes: idle expiry slides with use, absolute expiry never moves. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A Chinese tag written in Traditional characters: the Hant script, or Taiwan, Hong Kong or Macao unless Hans is named. */
const isTraditionalChinese = (subtags: readonly string[]): boolean =>
  !subtags.includes('hans') && subtags.some((s) => s === 'hant' || s === 'tw' || s === 'hk' || s === 'mo');

/**
 * Resolves a language tag (cookie, Accept-Language, navigator.language) to one we ship. Chinese goes
 * to Traditional for Hant, Taiwan, Hong Kong and Macao, to Simplified otherwise (zh, zh-CN, zh-SG, zh-Hans).
 */
export function pickLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase().replace(/_/g, '-');
  if (lower === 'zh' || lower.startsWith('zh-')) return isTraditionalChinese(lower.split('-')) ? 'zh-TW' : 'zh-CN';
  for (const lang of LANGUAGES) if (lower === lang.toLowerCase() || lower.startsWith(`${lang}-`)) return lang;
  return undefined;
}
