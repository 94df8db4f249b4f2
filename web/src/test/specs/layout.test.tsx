import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { ComponentMap } from '../../app/menu-routes';
import { buildMenuGroups, visibleGroups } from '../../app/menu-routes';
import { tagsStore } from '../../app/stores/tags';
import { appStore } from '../../lib/app-state';
import { readSettings, settingsStore } from '../../lib/settings';
import { doctorUser, groupRows, masterUser, menuRows, mockApi, ok, sessionRoutes } from '../api';
import { currentLocation, renderApp } from '../render';

function FormPage({ name }: { name: string }) {
  const [value, setValue] = useState('');
  return (
    <label>
      {name}
      <input value={value} onChange={(e) => setValue(e.target.value)} />
    </label>
  );
}
const page = (name: string) => () => Promise.resolve({ default: () => <FormPage name={name} /> });
const COMPONENTS: ComponentMap = {
  'doctorRegister/apply': page('apply-field'),
  'doctorRegister/fileManage': page('files-field'),
  'doctorRegister/fileManage2': page('files2-field'),
  'partInfo/applicationForm': page('form-field'),
  'partInfo/payment': page('payment-field'),
  'summerCamp/qualification': page('qualification-field'),
};

const sidebar = () => screen.getByRole('navigation', { name: 'Main menu' });
const tabs = () => screen.getByRole('navigation', { name: 'Opened pages' });
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
/** Sets a field's value at once (userEvent types key by key, which is slow with antd in jsdom). */
function fill(el: HTMLElement | Promise<HTMLElement>, value: string) {
  const apply = (node: HTMLElement) => fireEvent.change(node, { target: { value } });
  return el instanceof Promise ? el.then(apply) : apply(el);
}

async function signedIn(path: string, u = doctorUser(), components?: ComponentMap) {
  const calls = mockApi(sessionRoutes(u));
  renderApp(path, { token: 't1', components });
  await screen.findByRole('navigation', { name: 'Main menu' });
  return calls;
}

describe('/ -> /dashboard affix', () => {
  it('/ redirects to /dashboard, whose tab is fixed (no close button)', async () => {
    await signedIn('/');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    const tab = await within(tabs()).findByRole('link', { name: 'Notes and precautions' });
    expect(tab).toHaveAttribute('aria-current', 'page');
    expect(within(tabs()).queryByRole('button', { name: 'Close Notes and precautions' })).toBeNull();
  });

  it('the dashboard shows the area notice, sanitised', async () => {
    await signedIn('/dashboard');
    const notice = await screen.findByTestId('notice-content');
    expect(notice).toHaveTextContent('Doctoral notes');
    expect(notice.innerHTML).not.toContain('script');
    expect(notice.innerHTML).not.toContain('onerror');
  });

  it('summer-camp applicants read summerCamp.notice', async () => {
    await signedIn('/dashboard', masterUser());
    expect(await screen.findByTestId('notice-content')).toHaveTextContent('Summer camp notes');
  });
});

describe('/resetPassword', () => {
  it("is titled 'change password', hidden from the menu, and checks the new password", async () => {
    const calls = await signedIn('/resetPassword');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(within(sidebar()).queryByText('Change password')).toBeNull();
    mockApi({ ...sessionRoutes(doctorUser()), '/api/v1/client/changePasswd': (b) => (calls.push({ url: 'cp', method: 'POST', body: b, headers: {} }), ok()) });
    const u = user();
    fill(screen.getByLabelText('Current password'), 'blue-Heron-42');
    fill(screen.getByLabelText('New password'), 'blue-Heron-42');
    fill(screen.getByLabelText('Confirm password'), 'blue-Heron-42');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new password must differ from the current one.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === 'cp')).toBe(false);
  });

  it('is not offered to zs_master', async () => {
    await signedIn('/resetPassword', masterUser());
    expect(await screen.findByText('Password change is not offered for this account type.')).toBeInTheDocument();
  });
});

describe('menu groups filtering', () => {
  it('with zero groups the shell still works: only the dashboard entry', async () => {
    await signedIn('/dashboard');
    expect(within(sidebar()).getAllByRole('menuitem')).toHaveLength(1);
  });

  it('a group shows only if its title is in the menu authority and it is not hidden', () => {
    const menus = [...groupRows('menu.partInfo'), ...menuRows(['menu.print', 'menu.print.languageTicket'], { visible: '1' })];
    const groups = buildMenuGroups(menus, { ...COMPONENTS, 'print/languageTicket': page('t') });
    expect(groups.map((g) => g.name)).toEqual(['menu.partInfo', 'menu.print']);
    expect(visibleGroups(groups).map((g) => g.name)).toEqual(['menu.partInfo']);
    // Pages without a component are not routed.
    expect(groups[0]?.children.map((c) => c.path)).toEqual(['/partInfo/showPartInfo', '/partInfo/payInfo']);
    // Not granted: nothing.
    expect(buildMenuGroups(menuRows(['menu.partInfo.showPartInfo']), COMPONENTS)).toEqual([]);
    // Granted but no page exists yet: nothing.
    expect(buildMenuGroups(groupRows('menu.scoreQuery'), COMPONENTS)).toEqual([]);
  });

  it('two groups sharing /doctorRegister both work', async () => {
    const u = doctorUser({ sysMenuList: [...groupRows('menu.doctorRegister.fill'), ...groupRows('menu.doctorRegister.electronicData')] });
    await signedIn('/doctorRegister/fileManage2', u, COMPONENTS);
    expect(await screen.findByLabelText('files2-field')).toBeInTheDocument();
    const nav = sidebar();
    expect(within(nav).getByText('Fill in registration information')).toBeInTheDocument();
    expect(within(nav).getByText('Electronic data management')).toBeInTheDocument();
    await user().click(within(nav).getByText('Fill in registration information'));
    await user().click(await within(nav).findByRole('link', { name: 'Exam registration form' }));
    expect(await screen.findByLabelText('apply-field')).toBeInTheDocument();
    expect(currentLocation()).toBe('/doctorRegister/doctorRegisterApply');
  });

  it('groups appear the moment the server grants them (after a reload of user info)', async () => {
    let grant = false;
    mockApi(sessionRoutes(() => doctorUser({ sysMenuList: grant ? groupRows('menu.partInfo') : [] })));
    renderApp('/dashboard', { token: 't1', components: COMPONENTS });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(sidebar()).queryByText('My registration')).toBeNull();
    grant = true;
    const { loadSession, sessionStore } = await import('../../lib/session');
    act(() => sessionStore.set({ status: 'idle' }));
    await act(() => loadSession());
    expect(await within(await screen.findByRole('navigation', { name: 'Main menu' })).findByText('My registration')).toBeInTheDocument();
  });
});

describe('sidebar', () => {
  it('is 220px and collapses to 54px', async () => {
    await signedIn('/dashboard');
    expect(sidebar()).toHaveStyle({ width: '220px' });
    await user().click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(sidebar()).toHaveStyle({ width: '54px' });
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('under 992px it becomes a drawer that closes on navigation', async () => {
    await signedIn('/dashboard', doctorUser({ sysMenuList: groupRows('menu.partInfo') }), COMPONENTS);
    act(() => {
      window.innerWidth = 390;
      window.dispatchEvent(new Event('resize'));
    });
    expect(appStore.get().device).toBe('mobile');
    expect(screen.queryByTestId('sidebar')).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(appStore.get().mobileMenuOpen).toBe(true);
    const drawerNav = await screen.findByRole('navigation', { name: 'Main menu' });
    await user().click(within(drawerNav).getByText('My registration'));
    await user().click(await within(drawerNav).findByRole('link', { name: 'Fee payment' }));
    await waitFor(() => expect(appStore.get().mobileMenuOpen).toBe(false));
    expect(currentLocation()).toBe('/partInfo/payInfo');
    act(() => {
      window.innerWidth = 1366;
      window.dispatchEvent(new Event('resize'));
    });
  });
});

describe('sidebar cookie', () => {
  it('keeps the state in sidebarStatus (1 open, 0 closed)', async () => {
    await signedIn('/dashboard');
    await user().click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(Cookies.get('sidebarStatus')).toBe('0');
    await user().click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });
});

describe('breadcrumb', () => {
  it('shows dashboard, group and page', async () => {
    await signedIn('/partInfo/payInfo', doctorUser({ sysMenuList: groupRows('menu.partInfo') }), COMPONENTS);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Notes and precautions' })).toHaveAttribute('href', '/dashboard');
    expect(crumbs).toHaveTextContent('My registration');
    expect(crumbs).toHaveTextContent('Fee payment');
  });
});

describe('settings panel', () => {
  it('is hidden by default; switches apply at once and persist', async () => {
    await signedIn('/dashboard');
    expect(screen.queryByRole('switch', { name: 'Show page tabs' })).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Page settings' }));
    const tagsSwitch = await screen.findByRole('switch', { name: 'Show page tabs' });
    expect(tagsSwitch).toBeChecked();
    await user().click(tagsSwitch);
    expect(screen.queryByRole('navigation', { name: 'Opened pages' })).toBeNull();
    await user().click(screen.getByRole('switch', { name: 'Show logo in menu' }));
    expect(within(sidebar()).getByRole('link', { name: 'Graduate Admissions Portal' })).toBeInTheDocument();
    await user().click(screen.getByRole('radio', { name: 'Theme colour #722ed1' }));
    expect(settingsStore.get().theme).toBe('#722ed1');
    expect(readSettings()).toEqual({ theme: '#722ed1', tagsView: false, fixedHeader: false, sidebarLogo: true });
  });

  it('defaults: #1890ff, logo off, tags on, header not fixed; garbage in storage falls back', () => {
    localStorage.setItem('gradus.settings', '{"theme":"red","tagsView":"yes"}');
    expect(readSettings()).toEqual({ theme: '#1890ff', tagsView: true, fixedHeader: false, sidebarLogo: false });
  });
});

describe('size', () => {
  it('default/medium/small/mini, kept in cookie size, mapped onto antd sizes', async () => {
    await signedIn('/dashboard');
    expect(appStore.get().size).toBe('medium');
    await user().click(screen.getByRole('button', { name: 'Text size' }));
    await user().click(await screen.findByRole('menuitem', { name: 'Small' }));
    expect(Cookies.get('size')).toBe('small');
    expect(await screen.findByText('Switch Size Success')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page settings' })).toHaveClass('ant-btn-sm'));
    const { SIZE_MAP } = await import('../../lib/theme');
    expect(SIZE_MAP).toEqual({ default: 'large', medium: 'middle', small: 'small', mini: 'small' });
  });
});

describe('language', () => {
  it('the navbar language menu retranslates the shell, the tabs and <html lang>', async () => {
    await signedIn('/profile');
    await user().click(screen.getByRole('button', { name: 'Language' }));
    await user().click(await screen.findByRole('menuitem', { name: '日本語' }));
    expect(await screen.findByText('言語を切り替えました')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ja');
    const strip = screen.getByRole('navigation', { name: '開いているページ' });
    expect(within(strip).getByRole('link', { name: '注意事項' })).toBeInTheDocument();
    expect(within(strip).getByRole('link', { name: 'マイアカウント' })).toBeInTheDocument();
    expect(screen.getByText('博士課程出願管理システム')).toBeInTheDocument();
  });
});

describe('user menu', () => {
  it('offers change password and log out to doctors', async () => {
    await signedIn('/dashboard');
    await user().click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
  });

  it('does not offer change password to zs_master', async () => {
    await signedIn('/dashboard', masterUser());
    await user().click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Change password' })).toBeNull();
  });

  it('header and top bar follow the role: system name, year, applicant, number', async () => {
    await signedIn('/dashboard', masterUser());
    expect(screen.getByText('Admissions platform')).toBeInTheDocument();
    expect(screen.getByText('Summer camp registration management system')).toBeInTheDocument();
    expect(screen.getByTestId('recruit-year')).toHaveTextContent('2027');
    expect(screen.getByTestId('user-type')).toHaveTextContent('Applicant');
    expect(screen.getByText('Candidate number')).toBeInTheDocument();
    expect(screen.getByTestId('applicant-number')).toHaveTextContent('2027300001');
  });
});

describe('logout redirect (not from /resetPassword)', () => {
  it('logging out goes to /login with a redirect to the current page, clearing tabs and the form copies kept on this device', async () => {
    const calls = await signedIn('/profile?x=1');
    localStorage.setItem('gradus.applicationForm.2027100001', '{"version":1,"sections":{},"editedAt":1}');
    await user().click(screen.getByRole('button', { name: 'Account menu' }));
    await user().click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fprofile%3Fx%3D1'));
    expect(calls.some((c) => c.url === '/api/v1/client/logout' && c.method === 'GET')).toBe(true);
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(tagsStore.get().visitedViews).toEqual([]);
    expect(localStorage.getItem('gradus.applicationForm.2027100001')).toBeNull();
  });

  it('from /resetPassword it goes to plain /login', async () => {
    await signedIn('/resetPassword');
    await user().click(screen.getByRole('button', { name: 'Account menu' }));
    await user().click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });
});

describe('fullscreen warning', () => {
  it('warns where fullscreen is unsupported', async () => {
    await signedIn('/dashboard');
    Object.defineProperty(document, 'fullscreenEnabled', { value: false, configurable: true });
    await user().click(screen.getByRole('button', { name: 'Full screen' }));
    expect(await screen.findByText('Your browser does not support full screen.')).toBeInTheDocument();
  });
});

describe('role switch', () => {
  it('switches the active role, reloads user info, rebuilds routes and closes all tabs', { timeout: 60000 }, async () => {
    let active = 'zs_reviewer';
    const staff = () =>
      doctorUser({
        loginName: 'reviewer',
        userName: 'Reviewer',
        userRegisterType: null,
        registerNo: undefined,
        roles: [
          { roleId: 3, roleKey: 'zs_reviewer', roleName: '评审' },
          { roleId: 4, roleKey: 'zs_admin', roleName: '管理员' },
        ].sort((a) => (a.roleKey === active ? -1 : 1)),
      });
    const calls = mockApi({
      ...sessionRoutes(staff),
      '/mucgrs-service/system/user/switchRole': (body) => {
        active = (body as { roleKey: string }).roleKey;
        return ok();
      },
    });
    renderApp('/profile', { token: 't1' });
    await screen.findByRole('heading', { name: 'My account' });
    await user().click(within(tabs()).getByRole('link', { name: 'Notes and precautions' }));
    await user().click(within(tabs()).getByRole('link', { name: 'My account' }));
    expect(screen.getByTestId('user-type')).toHaveTextContent('Staff');
    await user().click(screen.getByLabelText('Switch role'));
    await user().click(await screen.findByTitle('Administrator'));
    await user().click(screen.getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(calls.filter((c) => c.url === '/mucgrs-service/system/user/switchRole').map((c) => c.body)).toEqual([{ roleKey: 'zs_admin' }]);
    expect(calls.filter((c) => c.url === '/mucgrs-service/system/user/getUserInfo')).toHaveLength(2);
    await screen.findByRole('navigation', { name: 'Opened pages' });
    expect(within(tabs()).queryByRole('link', { name: 'My account' })).toBeNull();
  });
});

describe('tags view', () => {
  const granted = () => doctorUser({ sysMenuList: [...groupRows('menu.partInfo'), ...groupRows('menu.summerCampQualification')] });

  it('cached pages keep what was typed when switching tabs; closing the tab drops it', async () => {
    await signedIn('/partInfo/showPartInfo', granted(), COMPONENTS);
    const u = user();
    fill(await screen.findByLabelText('form-field'), 'draft answer');
    await u.click(within(tabs()).getByRole('link', { name: 'Notes and precautions' }));
    await waitFor(() => expect(screen.queryByLabelText('form-field')).not.toBeVisible());
    await u.click(within(tabs()).getByRole('link', { name: 'Registration form' }));
    expect(await screen.findByLabelText('form-field')).toHaveValue('draft answer');
    // Close the tab: it is gone from the strip and its state is dropped.
    await u.click(within(tabs()).getByRole('button', { name: 'Close Registration form' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(within(tabs()).queryByRole('link', { name: 'Registration form' })).toBeNull();
    await u.click(await within(sidebar()).findByRole('link', { name: 'Registration form' }));
    expect(await screen.findByLabelText('form-field')).toHaveValue('');
  });

  it('noCache pages remount on every visit', async () => {
    await signedIn('/summerCampQualification/index', granted(), COMPONENTS);
    const u = user();
    fill(await screen.findByLabelText('qualification-field'), 'temp');
    await u.click(within(tabs()).getByRole('link', { name: 'Notes and precautions' }));
    await u.click(within(tabs()).getByRole('link', { name: 'Camp admission: check and confirm' }));
    expect(await screen.findByLabelText('qualification-field')).toHaveValue('');
  });

  it('refresh remounts the page through /redirect', async () => {
    await signedIn('/partInfo/showPartInfo', granted(), COMPONENTS);
    const u = user();
    fill(await screen.findByLabelText('form-field'), 'typed');
    await u.click(within(tabs()).getByRole('button', { name: 'Tab actions' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Refresh' }));
    await waitFor(() => expect(currentLocation()).toBe('/partInfo/showPartInfo'));
    expect(await screen.findByLabelText('form-field')).toHaveValue('');
  });

  it('close others and close all keep the affix dashboard', async () => {
    await signedIn('/partInfo/showPartInfo', granted(), COMPONENTS);
    const u = user();
    await u.click(within(sidebar()).getByRole('link', { name: 'Fee payment' }));
    await u.click(await within(tabs()).findByRole('link', { name: 'Fee payment' }));
    expect(within(tabs()).getAllByRole('link').map((l) => l.textContent)).toEqual(['Notes and precautions', 'Registration form', 'Fee payment']);
    await u.click(within(tabs()).getByRole('button', { name: 'Tab actions' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Close others' }));
    expect(within(tabs()).getAllByRole('link').map((l) => l.textContent)).toEqual(['Notes and precautions', 'Fee payment']);
    await u.click(within(tabs()).getByRole('button', { name: 'Tab actions' }));
    await u.click((await screen.findAllByRole('menuitem', { name: 'Close all' })).at(-1)!);
    await waitFor(() => expect(within(tabs()).getAllByRole('link').map((l) => l.textContent)).toEqual(['Notes and precautions']));
    expect(currentLocation()).toBe('/dashboard');
  });

  it('middle-click closes a tab; right-click opens the tab menu', async () => {
    await signedIn('/profile');
    await user().click(within(tabs()).getByRole('link', { name: 'Notes and precautions' }));
    const item = within(tabs()).getByRole('link', { name: 'My account' }).closest('li')!;
    fireEvent.contextMenu(item);
    expect(await screen.findByRole('menuitem', { name: 'Close others' })).toBeInTheDocument();
    fireEvent.mouseUp(item, { button: 1 });
    await waitFor(() => expect(within(tabs()).queryByRole('link', { name: 'My account' })).toBeNull());
  });

  it('a different user never sees the previous user\u2019s tabs', async () => {
    await signedIn('/profile');
    expect(tagsStore.get().visitedViews.map((v) => v.path)).toContain('/profile');
    const { signIn } = await import('../../lib/session');
    act(() => signIn('another-user-token'));
    expect(tagsStore.get().visitedViews).toEqual([]);
  });
});
