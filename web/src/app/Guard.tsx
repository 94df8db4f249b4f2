import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadSession, refreshAuthority, useSession } from '@/lib/session';
import { LoadingShell } from '@/lib/ui/LoadingShell';
import { decideNavigation } from './guard-rules';
import { buildMenuGroups, type ComponentMap } from './menu-routes';
import { PAGE_COMPONENTS } from './pages';
import { RoutesContext, matchedMeta, type AppRoute } from './route-meta';
import { buildRoutes } from './routes';

const ChoosePasswordScreen = lazy(() => import('./ChoosePasswordScreen'));

/** Page title = translated route title + product title (spec 2). */
function useDocumentTitle(routes: AppRoute[], pathname: string): void {
  const { t } = useTranslation();
  const meta = matchedMeta(routes, pathname);
  const title = meta[meta.length - 1]?.title;
  const text = title ? `${t(title)} - ${t('app.title')}` : t('app.title');
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/** The route table follows the session; the guard of spec 2 decides what renders. */
export function AppRoutes({ components = PAGE_COMPONENTS }: { components?: ComponentMap }) {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const status = useSession((s) => s.status);
  const menus = useSession((s) => s.menus);
  const passwordChangeDue = useSession((s) => s.user?.passwordChangeDue === true);
  const decision = decideNavigation({ pathname: location.pathname, search: location.search, hasToken: Boolean(token), status });

  const info = useMemo(() => {
    const groups = buildMenuGroups(menus, components);
    return { groups, routes: buildRoutes(groups) };
  }, [menus, components]);
  const element = useRoutes(info.routes as RouteObject[], location);
  useDocumentTitle(info.routes, location.pathname);

  useEffect(() => {
    if (decision.kind === 'load') void loadSession();
  }, [decision.kind]);

  // Each page the applicant opens, and each return to the window, re-reads the menus (at most every 10 s).
  useEffect(() => {
    if (status === 'ready') void refreshAuthority();
  }, [status, location.pathname]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshAuthority();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load') return <LoadingShell />;
  // Signed in with a one-time password: the server sends no menus and refuses every call but this one.
  if (passwordChangeDue)
    return (
      <Suspense fallback={<LoadingShell />}>
        <ChoosePasswordScreen />
      </Suspense>
    );
  return <RoutesContext.Provider value={info}>{element}</RoutesContext.Provider>;
}
