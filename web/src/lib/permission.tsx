import type { ReactNode } from 'react';
import { useSession } from './session';

const ALL = '*:*:*';

/** Pure check: deny by default; '*:*:*' grants everything. */
export function hasPermission(granted: readonly string[], wanted: string | readonly string[]): boolean {
  const list = typeof wanted === 'string' ? [wanted] : wanted;
  if (list.length === 0 || list.some((p) => !p)) {
    throw new Error("Button permission needs a parameter, e.g. perms=\"system:user:add\"");
  }
  if (granted.includes(ALL)) return true;
  return list.some((p) => granted.includes(p));
}

/** True when the session holds any of the permissions; re-renders when permissions change. */
export function usePermission(perms: string | readonly string[]): boolean {
  const granted = useSession((s) => s.permissions);
  return hasPermission(granted, perms);
}

/** Renders children only when permitted (spec 6: elements without permission are removed). */
export function Permission({ perms, children, fallback = null }: { perms: string | readonly string[]; children: ReactNode; fallback?: ReactNode }) {
  return usePermission(perms) ? children : fallback;
}
