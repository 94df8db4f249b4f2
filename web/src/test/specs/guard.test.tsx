import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { decideNavigation, isPublicPath } from '../../app/guard-rules';
import { loginPathFor, safeRedirect } from '../../lib/safe-redirect';
import { AUTHORITY_REFRESH_MS, refreshAuthority, resetToken, sessionStore } from '../../lib/session';
import type { MenuView } from '@gradus/contract/api/user';
import { doctorUser, fail, groupRows, mockApi, ok, sessionRoutes } from '../api';
import { currentLocation, renderApp } from '../render';

describe('public routes', () => {
  it.each(['/login', '/login/register', '/login/forgot-number', '/login/forgot-password', '/auth-redirect', '/scoresReview', '/review', '/error/404', '/publicity'])(
    '%s opens without a session',
    (path) => {
      expect(isPublicPath(path)).toBe(true);
      expect(decideNavigation({ pathname: path, search: '', hasToken: false, status: 'idle' })).toEqual({ kind: 'allow' });
    },
  );

  it('opens /review without signing in: without its token it says where the link is', async () => {
    mockApi(sessionRoutes(doctorUser()));
    renderApp('/review');
    expect(await screen.findByText('Open the review link from the mail the admissions office sent you.')).toBeInTheDocument();
  });

  it('unknown paths go to /error/404 once signed in', async () => {
    mockApi(sessionRoutes(doctorUser()));
    renderApp('/no/such/page', { token: 't1' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/error/404');
  });
});

describe('guard (5 rules)', () => {
  it('rule 1: without a token, public paths are allowed', () => {
    expect(decideNavigation({ pathname: '/login', search: '?redirect=%2Fx', hasToken: false, status: 'idle' }).kind).toBe('allow');
  });

  it('rule 2: without a token, other paths go to login with the full path and query, URL-encoded', () => {
    expect(decideNavigation({ pathname: '/partInfo/payInfo', search: '?a=1&b=2', hasToken: false, status: 'idle' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2FpartInfo%2FpayInfo%3Fa%3D1%26b%3D2',
    });
  });

  it('rule 3: a signed-in user opening /login is sent to /', () => {
    expect(decideNavigation({ pathname: '/login', search: '', hasToken: true, status: 'ready' })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation({ pathname: '/login/register', search: '', hasToken: true, status: 'idle' })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('rule 4: with a token but no user info, the guard loads first (no 404 flash on a deep reload)', async () => {
    expect(decideNavigation({ pathname: '/dashboard', search: '', hasToken: true, status: 'idle' }).kind).toBe('load');
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const routes = sessionRoutes(doctorUser());
    mockApi({ ...routes, '/mucgrs-service/system/user/getUserInfo': async (b, c) => (await gate, routes['/mucgrs-service/system/user/getUserInfo']!(b, c)) });
    renderApp('/profile?tab=1', { token: 't1' });
    expect((await screen.findAllByText('Loading…')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/profile?tab=1');
  });

  it('rule 5: a failed load resets the token, shows the error and goes to login with the redirect', async () => {
    mockApi({ ...sessionRoutes(doctorUser()), '/mucgrs-service/system/user/getUserInfo': () => fail(401, 'Session expired') });
    renderApp('/profile?x=1', { token: 'stale' });
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fprofile%3Fx%3D1'));
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(sessionStore.get().token).toBeNull();
  });

  it("rule 5: without a failure text the message is 'Has Error'", async () => {
    mockApi({ ...sessionRoutes(doctorUser()), '/mucgrs-service/system/user/getUserInfo': () => ({ status: 500, data: '' }) });
    renderApp('/dashboard', { token: 'stale' });
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fdashboard'));
  });

  it('the redirect parameter is followed only when it is a same-origin path', () => {
    const origin = 'https://gradus.example';
    expect(safeRedirect('/partInfo/payInfo?a=1', origin)).toBe('/partInfo/payInfo?a=1');
    expect(safeRedirect('https://evil.example/x', origin)).toBeNull();
    expect(safeRedirect('//evil.example/x', origin)).toBeNull();
    expect(safeRedirect('/\\evil.example', origin)).toBeNull();
    expect(safeRedirect('/\tx', origin)).toBeNull();
    expect(safeRedirect('javascript:alert(1)', origin)).toBeNull();
    expect(safeRedirect('/login?redirect=/x', origin)).toBeNull();
    expect(safeRedirect(null, origin)).toBeNull();
    expect(loginPathFor('/a?b=c d')).toBe('/login?redirect=%2Fa%3Fb%3Dc%20d');
    expect(loginPathFor('/resetPassword')).toBe('/login');
  });

  it('after sign-in: user info, routes, system configuration, then the target route', async () => {
    const calls = mockApi(sessionRoutes(doctorUser()));
    renderApp('/profile', { token: 't1' });
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    const urls = calls.map((c) => c.url);
    expect(urls.indexOf('/mucgrs-service/system/user/getUserInfo')).toBeLessThan(urls.indexOf('/mucgrs-service/grsjy/systemConfig/detail'));
    expect(sessionStore.get().systemConfig?.system.recruitYear).toBe('2027');
  });
});

describe('title', () => {
  it('page title = translated route title + product title', async () => {
    mockApi(sessionRoutes(doctorUser()));
    renderApp('/dashboard', { token: 't1' });
    await screen.findByRole('heading', { name: 'Notes and precautions' });
    await waitFor(() => expect(document.title).toBe('Notes and precautions - Graduate Admissions Portal'));
  });

  it('the login page has its own title', async () => {
    mockApi(sessionRoutes(doctorUser()));
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(document.title).toBe('Sign in - Graduate Admissions Portal'));
  });
});

describe('session states', () => {
  it('signed out -> token -> user info -> signed in, with roles, menu authority and button permissions', async () => {
    const user = doctorUser({
      sysMenuList: [
        { menuId: 1, parentId: 0, menuName: 'menu.partInfo', path: '/partInfo', component: null, menuType: 'M', perms: null, visible: '0', orderNum: 1, icon: null, isCache: '0' },
        { menuId: 2, parentId: 1, menuName: 'btn', path: '', component: null, menuType: 'F', perms: 'partInfo:form:print', visible: '0', orderNum: 1, icon: null, isCache: '0' },
      ],
    });
    mockApi(sessionRoutes(user));
    expect(sessionStore.get().status).toBe('idle');
    renderApp('/dashboard', { token: 't1' });
    expect(Cookies.get('Admin-Token')).toBe('t1');
    await screen.findByRole('heading', { name: 'Notes and precautions' });
    const s = sessionStore.get();
    expect(s.status).toBe('ready');
    expect(s.roles).toEqual(['zs_doctor']);
    expect(s.menuAuth).toEqual(['menu.partInfo']);
    expect(s.permissions).toEqual(['partInfo:form:print']);
  });

  it("empty user info fails with 'Verification failed, please log in again.'", async () => {
    mockApi({ ...sessionRoutes(doctorUser()), '/mucgrs-service/system/user/getUserInfo': () => ok(null) });
    renderApp('/dashboard', { token: 't1' });
    expect(await screen.findByText('Verification failed, please log in again.')).toBeInTheDocument();
  });

  it('user info without roles fails (roles must be a non-empty array)', async () => {
    mockApi({ ...sessionRoutes(doctorUser()), '/mucgrs-service/system/user/getUserInfo': () => ok(doctorUser({ roles: [] })) });
    renderApp('/dashboard', { token: 't1' });
    expect(await screen.findByText(/no role yet/)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fdashboard'));
  });
});

describe('token reset', () => {
  it('clears token, roles and cookie without calling the server', async () => {
    const calls = mockApi(sessionRoutes(doctorUser()));
    renderApp('/dashboard', { token: 't1' });
    await screen.findByRole('heading', { name: 'Notes and precautions' });
    const before = calls.length;
    resetToken();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(sessionStore.get().roles).toEqual([]);
    expect(calls.length).toBe(before);
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fdashboard'));
  });
});

describe('menu authority follows the stage', () => {
  it('is re-read quietly, at most every 10 s, and a newly granted group appears without signing in again', async () => {
    let menus: MenuView[] = [];
    const calls = mockApi(sessionRoutes(() => doctorUser({ sysMenuList: menus })));
    const userInfoCalls = () => calls.filter((c) => c.url.endsWith('/getUserInfo')).length;
    renderApp('/dashboard', { token: 't1' });
    await screen.findByRole('heading', { name: 'Notes and precautions' });
    const sidebar = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(sidebar).queryByText('My registration')).not.toBeInTheDocument();
    const loads = userInfoCalls();

    // Staff publish something: the server now grants the registration-query group.
    menus = groupRows('menu.partInfo');
    await act(() => refreshAuthority());
    expect(userInfoCalls()).toBe(loads);

    await act(() => refreshAuthority(Date.now() + AUTHORITY_REFRESH_MS));
    expect(userInfoCalls()).toBe(loads + 1);
    expect(await within(sidebar).findByText('My registration')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notes and precautions' })).toBeInTheDocument();
  });
});
