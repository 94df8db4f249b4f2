import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate } from 'react-router';
import { loadPortalMessages } from '@/lib/i18n';
import { PageSpinner } from '@/lib/ui/LoadingShell';
import type { AppRoute } from './route-meta';
import type { MenuGroup, PageLoader } from './menu-routes';

// The signed-in frame arrives with the doctoral pages' messages, fetched side by side.
const Layout = lazy(() => Promise.all([import('./layout/Layout'), loadPortalMessages()]).then(([layout]) => layout));
const RedirectPage = lazy(() => import('./RedirectPage'));
const LoginLayout = lazy(() => import('@/features/auth/pages/LoginLayout'));
const LoginPage = lazy(() => import('@/features/auth/pages/LoginPage'));
const RegisterPage = lazy(() => import('@/features/auth/pages/RegisterPage'));
const ForgotNumberPage = lazy(() => import('@/features/auth/pages/ForgotNumberPage'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/pages/ForgotPasswordPage'));
const AuthRedirectPage = lazy(() => import('@/features/auth/pages/AuthRedirectPage'));
const DashboardPage = lazy(() => import('@/features/dashboard/pages/DashboardPage'));
const ChangePasswordPage = lazy(() => import('@/features/account/pages/ChangePasswordPage'));
const ProfilePage = lazy(() => import('@/features/account/pages/ProfilePage'));
const NotFoundPage = lazy(() => import('@/features/errors/pages/NotFoundPage'));
// The proposed-admission lists: public, with the messages every screen has.
const PublicityPage = lazy(() => import('@/features/publicity/pages/PublicityPage'));
// The panel's scoring screen stands outside the staff frame: it brings the signed-in pages' messages itself.
const ScoresReviewPage = lazy(() => Promise.all([import('@/features/interview/pages/ScoresReviewPage'), loadPortalMessages()]).then(([page]) => page));
// An external expert's review link: outside the signed-in frame, with the back office's messages.
const ExternalReviewPage = lazy(() => Promise.all([import('@/features/applications/pages/ExternalReviewPage'), loadPortalMessages()]).then(([page]) => page));

const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();
function pageFor(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(loader);
  if (!page) {
    page = lazy(loader);
    lazyPages.set(loader, page);
  }
  return page;
}

const suspended = (Page: ComponentType) => (
  <Suspense fallback={<PageSpinner />}>
    <Page />
  </Suspense>
);

/** Routes of the signed-in layout that exist for everyone (spec 2). */
export const LAYOUT_STATIC_PATHS = ['/dashboard', '/resetPassword', '/profile'] as const;

/** The whole route table: public screens, the layout with fixed pages and the granted menu groups. */
export function buildRoutes(groups: readonly MenuGroup[]): AppRoute[] {
  const menuRoutes: AppRoute[] = groups.map((g) => {
    const first = g.children[0];
    return {
      path: g.path,
      handle: { title: g.name, group: true },
      children: [
        ...(first ? [{ index: true, element: <Navigate to={first.path} replace /> }] : []),
        ...g.children.map<AppRoute>((c) => ({
          path: c.segment,
          element: suspended(pageFor(c.loader)),
          handle: { title: c.name, noCache: c.noCache, hidden: c.hidden },
        })),
      ],
    };
  });
  return [
    {
      path: '/login',
      element: suspended(LoginLayout),
      children: [
        { index: true, element: suspended(LoginPage), handle: { title: 'route.login' } },
        { path: 'register', element: suspended(RegisterPage), handle: { title: 'route.register' } },
        { path: 'forgot-number', element: suspended(ForgotNumberPage), handle: { title: 'route.forgotNumber' } },
        { path: 'forgot-password', element: suspended(ForgotPasswordPage), handle: { title: 'route.forgotPassword' } },
      ],
    },
    { path: '/auth-redirect', element: suspended(AuthRedirectPage), handle: { title: 'route.authRedirect' } },
    { path: '/scoresReview', element: suspended(ScoresReviewPage), handle: { title: 'route.scoresReview' } },
    { path: '/review', element: suspended(ExternalReviewPage), handle: { title: 'route.review' } },
    { path: '/publicity', element: suspended(PublicityPage), handle: { title: 'route.publicity' } },
    { path: '/error/404', element: suspended(NotFoundPage), handle: { title: 'route.notFound' } },
    {
      element: suspended(Layout),
      children: [
        { path: '/', element: <Navigate to="/dashboard" replace /> },
        { path: '/redirect/*', element: suspended(RedirectPage), handle: { title: 'route.redirect', hidden: true, noTag: true, noCache: true } },
        { path: '/dashboard', element: suspended(DashboardPage), handle: { title: 'route.dashboard', affix: true } },
        { path: '/resetPassword', element: suspended(ChangePasswordPage), handle: { title: 'route.resetPassword', hidden: true } },
        { path: '/profile', element: suspended(ProfilePage), handle: { title: 'route.profile', hidden: true } },
        ...menuRoutes,
      ],
    },
    { path: '*', element: <Navigate to="/error/404" replace /> },
  ];
}
