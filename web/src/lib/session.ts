import { SYSTEM_TYPES, type SystemType } from '@gradus/contract/codes';
import type { MenuView, SessionUserView } from '@gradus/contract/api/user';
import type { SystemConfigEntry } from '@gradus/contract/api/system';
import { feedback } from './feedback';
import { t } from './i18n';
import { get, onTokenReset, post } from './request';
import { createStore } from './store';
import { getToken, removeTokenCookie, setTokenCookie } from './token';

export const API = {
  userInfo: '/mucgrs-service/system/user/getUserInfo',
  systemConfig: '/mucgrs-service/grsjy/systemConfig/detail',
  logout: '/api/v1/client/logout',
  switchRole: '/mucgrs-service/system/user/switchRole',
} as const;

export type SystemConfig = Record<SystemType, Record<string, string>>;

export type SessionStatus = 'idle' | 'loading' | 'ready';

export interface SessionState {
  token: string | null;
  status: SessionStatus;
  user: SessionUserView | null;
  /** Role keys; the first is the active role (spec 6). */
  roles: readonly string[];
  /** menuName of every entry that is not a button (spec 3). */
  menuAuth: readonly string[];
  /** Menu rows that are not buttons, as the server sent them. */
  menus: readonly MenuView[];
  /** perms of button-type entries (PermissionButton). */
  permissions: readonly string[];
  systemConfig: SystemConfig | null;
  /** Bumps on sign-in, sign-out, token reset and role switch: views of the previous session are dropped. */
  epoch: number;
}

const EMPTY = { status: 'idle', user: null, roles: [], menuAuth: [], menus: [], permissions: [], systemConfig: null } as const;

export const sessionStore = createStore<SessionState>({ token: getToken() ?? null, epoch: 0, ...EMPTY });
export const useSession = sessionStore.use;

/** Groups system configuration rows into one dictionary per business area (spec 3). */
export function groupSystemConfig(entries: readonly SystemConfigEntry[]): SystemConfig {
  const out = Object.fromEntries(SYSTEM_TYPES.map((type) => [type, {} as Record<string, string>])) as SystemConfig;
  for (const e of entries) {
    if ((SYSTEM_TYPES as readonly string[]).includes(e.systemType)) out[e.systemType][e.systemKey] = e.systemValue;
  }
  return out;
}

/** Checks spec 5's rules on the user-info reply; throws the spec's messages. */
export function checkUserInfo(info: SessionUserView | null | undefined): SessionUserView {
  if (!info) throw new Error(t('session.verificationFailed'));
  if (!Array.isArray(info.roles) || info.roles.length === 0) throw new Error(t('session.rolesRequired'));
  return info;
}

export function deriveAuthority(info: SessionUserView): Pick<SessionState, 'roles' | 'menuAuth' | 'menus' | 'permissions'> {
  const list = Array.isArray(info.sysMenuList) ? info.sysMenuList : [];
  const menus = list.filter((m) => m.menuType !== 'F');
  return {
    roles: info.roles.map((r) => r.roleKey),
    menus,
    menuAuth: menus.map((m) => m.menuName),
    permissions: list.filter((m) => m.menuType === 'F' && m.perms).map((m) => m.perms as string),
  };
}

let inFlight: Promise<void> | null = null;

/** The server caches menus for 10 s, so reading them more often would show nothing new. */
export const AUTHORITY_REFRESH_MS = 10_000;
let authorityReadAt = 0;

/**
 * Loads user info, derives the menu authority (the route table follows from it) and the system
 * configuration. On failure the token is reset and the failure text (or 'Has Error') shown.
 */
export function loadSession(): Promise<void> {
  if (inFlight) return inFlight;
  const token = sessionStore.get().token;
  sessionStore.set({ status: 'loading' });
  inFlight = (async () => {
    try {
      const info = checkUserInfo(await post<SessionUserView>(API.userInfo, undefined, { silent: true }));
      const entries = await post<SystemConfigEntry[]>(API.systemConfig, {}, { silent: true });
      // A sign-out while loading wins.
      if (sessionStore.get().token !== token) return;
      sessionStore.set({
        status: 'ready',
        user: info,
        ...deriveAuthority(info),
        systemConfig: groupSystemConfig(Array.isArray(entries) ? entries : []),
      });
      authorityReadAt = Date.now();
    } catch (err) {
      resetToken();
      const text = err instanceof Error && err.message ? err.message : t('session.hasError');
      feedback.message.error({ content: text, duration: 5 });
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/**
 * Menu authority follows the applicant's stage on the server (a submitted form, a published result,
 * a proposed admission): re-read it quietly as the applicant moves around, so a new menu appears
 * without signing in again. Unchanged authority leaves the state (and the route table) untouched;
 * a failure is left to the next real call to report.
 */
export async function refreshAuthority(now = Date.now()): Promise<void> {
  const before = sessionStore.get();
  if (before.status !== 'ready' || inFlight || now - authorityReadAt < AUTHORITY_REFRESH_MS) return;
  authorityReadAt = now;
  try {
    const info = checkUserInfo(await post<SessionUserView>(API.userInfo, undefined, { silent: true }));
    const current = sessionStore.get();
    // A sign-out, role switch or full load meanwhile wins.
    if (current.epoch !== before.epoch || current.status !== 'ready') return;
    const next = deriveAuthority(info);
    const same = JSON.stringify([next.roles, next.menus, next.permissions]) === JSON.stringify([current.roles, current.menus, current.permissions]);
    if (!same) sessionStore.set({ user: info, ...next });
  } catch {
    // Quiet by design: an expired session is reported by the page's own next call.
  }
}

/** Sign-in: stores the token in the cookie and the state; user info loads on the next navigation. */
export function signIn(token: string): void {
  setTokenCookie(token);
  // A load still running for a previous token must not be reused for this one.
  inFlight = null;
  sessionStore.set((s) => ({ token, ...EMPTY, epoch: s.epoch + 1 }));
}

/** Clears token, roles and cookie without calling the server (spec 4). */
export function resetToken(): void {
  removeTokenCookie();
  inFlight = null;
  sessionStore.set((s) => ({ token: null, ...EMPTY, epoch: s.epoch + 1 }));
}

/** Calls the server, then clears the session; routes and tabs follow the epoch. */
export async function logout(): Promise<void> {
  try {
    await get(API.logout, { silent: true });
  } catch {
    // The token is dropped locally whatever the server says.
  }
  resetToken();
}

/**
 * Switches the active role, then reloads user info (routes rebuild) and closes all tabs.
 * `beforeReload` runs once the server agreed, while the old routes still exist (e.g. go to /dashboard).
 */
export async function switchRole(roleKey: string, beforeReload?: () => void): Promise<void> {
  await post(API.switchRole, { roleKey });
  beforeReload?.();
  sessionStore.set((s) => ({ ...EMPTY, token: s.token, epoch: s.epoch + 1 }));
  await loadSession();
}

onTokenReset(() => resetToken());

export const activeRole = (s: SessionState): string | undefined => s.roles[0];
