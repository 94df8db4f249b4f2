import { createContext, useContext } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import type { MenuGroup } from './menu-routes';

/** What a route tells the shell: its title is an i18n key, so every view retranslates itself. */
export interface RouteMeta {
  title: string;
  /** The tab cannot be closed (dashboard). */
  affix?: boolean;
  /** Remounts on every visit instead of keeping its state. */
  noCache?: boolean;
  /** Not in the sidebar. */
  hidden?: boolean;
  /** No tab for this route (redirect helper). */
  noTag?: boolean;
  /** A menu group, not a page: shown in the breadcrumb without a link. */
  group?: boolean;
}

/** Tabs open from the start that cannot be closed. Kept here, not in routes.tsx: the lazily loaded layout reads it. */
export const AFFIX_VIEWS = [{ path: '/dashboard', fullPath: '/dashboard', title: 'route.dashboard', affix: true }] as const;

export type AppRoute = Omit<RouteObject, 'children' | 'handle'> & { handle?: RouteMeta; children?: AppRoute[] };

export interface RoutesInfo {
  routes: AppRoute[];
  groups: MenuGroup[];
}

export const RoutesContext = createContext<RoutesInfo>({ routes: [], groups: [] });

export const useRoutesInfo = (): RoutesInfo => useContext(RoutesContext);

/** The meta of every matched route from the root down (for the breadcrumb and title). */
export function matchedMeta(routes: AppRoute[], pathname: string): RouteMeta[] {
  const matches = matchRoutes(routes as RouteObject[], pathname) ?? [];
  return matches.map((m) => (m.route as AppRoute).handle).filter((h): h is RouteMeta => Boolean(h));
}

export function useMatchedMeta(): RouteMeta[] {
  const { routes } = useRoutesInfo();
  const { pathname } = useLocation();
  return matchedMeta(routes, pathname);
}

export function useRouteMeta(): RouteMeta | undefined {
  const list = useMatchedMeta();
  return list[list.length - 1];
}
