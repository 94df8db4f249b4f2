import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AccountRequestRow, StaffAccountListView, StaffAccountOptionsView, StaffAccountRow } from '@gradus/contract/api/staff-accounts';
import { changeLanguage } from '@/lib/i18n';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call, type Handler } from '@/test/api';
import StaffAccountsPage from './pages/StaffAccountsPage';

const url = (call: string) => `/mucgrs-service/staff/accounts/${call}`;
const CS = { id: 1, nameZh: '计算机科学与技术学院', nameEn: 'School of Computer Science and Technology' };
const MATH = { id: 2, nameZh: '数学科学学院', nameEn: 'School of Mathematical Sciences' };

const account = (patch: Partial<StaffAccountRow>): StaffAccountRow => ({
  userId: 1,
  loginName: 'sysadmin',
  name: '赵敏',
  email: null,
  status: 'active',
  roleKeys: ['zs_sysadmin'],
  departments: [],
  permissions: [],
  lastSignInAt: '2026-11-02T01:30:00.000Z',
  createdAt: '2026-09-01T00:00:00.000Z',
  self: false,
  ...patch,
});
const ROWS = [
  account({ self: true }),
  account({ userId: 2, loginName: 'wangfang', name: '王芳', roleKeys: ['zs_dept', 'zs_reviewer'], departments: [CS], lastSignInAt: null }),
  account({ userId: 3, loginName: 'office.li', name: '李强', roleKeys: ['zs_admin'], permissions: ['results.publish'], status: 'disabled' }),
];
const OPTIONS: StaffAccountOptionsView = { roles: ['zs_reviewer', 'zs_admin', 'zs_dept', 'zs_sysadmin'], departments: [CS, MATH], permissions: ['results.publish'] };

function server(routes: Record<string, Handler> = {}): Call[] {
  return mockApi({
    [url('list')]: (body) => {
      const b = body as { pageNum?: number; pageSize?: number };
      const page: StaffAccountListView = { total: ROWS.length, pageNum: b.pageNum ?? 1, pageSize: b.pageSize ?? 20, rows: ROWS };
      return ok(page);
    },
    [url('options')]: () => ok(OPTIONS),
    [url('requests')]: () => ok([]),
    ...routes,
  });
}
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);
const show = () => render(<Wrapper path="/system/accounts"><StaffAccountsPage /></Wrapper>);
const rowOf = async (text: string) => (await within(await screen.findByRole('table')).findByText(text)).closest('tr')!;
const dialog = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;

async function openNewAccount() {
  await screen.findByText('wangfang');
  fireEvent.click(screen.getByRole('button', { name: 'New account' }));
  return dialog('New staff account');
}

async function chooseSchool(box: HTMLElement, school: string) {
  fireEvent.mouseDown(within(box).getByRole('combobox', { name: 'Schools' }));
  const matches = await screen.findAllByTitle(school);
  fireEvent.click(matches.find((el) => el.classList.contains('ant-select-item-option')) ?? matches.at(-1)!);
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('the staff accounts page', () => {
  it('lists each account with its roles, schools, permission and status in words', async () => {
    server();
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff accounts' })).toBeInTheDocument();
    const secretary = await rowOf('wangfang');
    expect(within(secretary).getByText('Department secretary')).toBeInTheDocument();
    expect(within(secretary).getByText('Reviewer')).toBeInTheDocument();
    expect(within(secretary).getByText('School of Computer Science and Technology')).toBeInTheDocument();
    expect(within(secretary).getByText('Active')).toBeInTheDocument();
    expect(within(secretary).getByText('Never')).toBeInTheDocument();
    const office = await rowOf('office.li');
    expect(within(office).getByText('Administrator')).toBeInTheDocument();
    expect(within(office).getByText('May publish results')).toBeInTheDocument();
    expect(within(office).getByText('Disabled')).toBeInTheDocument();
    expect(within(office).getByRole('button', { name: 'Enable 李强 (office.li)' })).toBeInTheDocument();
    expect(within(office).queryByRole('button', { name: /^Disable/ })).toBeNull();
  });

  it('names schools in Chinese for a Chinese reader', async () => {
    server();
    await changeLanguage('zh-CN');
    show();
    const secretary = await rowOf('wangfang');
    expect(within(secretary).getByText('计算机科学与技术学院')).toBeInTheDocument();
    expect(within(secretary).getByText('院系秘书')).toBeInTheDocument();
  });

  it('searches by login name or name on Enter, not on every letter', async () => {
    const calls = server();
    show();
    await screen.findByText('wangfang');
    const before = bodies(calls, 'list').length;
    const search = screen.getByRole('searchbox', { name: 'Login name or name' });
    fireEvent.change(search, { target: { value: '王' } });
    expect(bodies(calls, 'list')).toHaveLength(before);
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(bodies(calls, 'list').at(-1)).toMatchObject({ q: '王', pageNum: 1 }));
  });

  it('marks the caller’s own row and offers no Disable or Reset there; their roles and permission are read-only', async () => {
    server();
    show();
    const own = await rowOf('sysadmin');
    expect(within(own).getByText('You')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /^Disable/ })).toBeNull();
    // Their own password is changed on the Change password page, knowing the current one.
    expect(within(own).queryByRole('button', { name: /^Reset password/ })).toBeNull();
    expect(within(await rowOf('wangfang')).getByRole('button', { name: 'Disable 王芳 (wangfang)' })).toBeInTheDocument();
    fireEvent.click(within(own).getByRole('button', { name: 'Edit 赵敏 (sysadmin)' }));
    const box = await dialog('Edit 赵敏 (sysadmin)');
    expect(within(box).getByText(/This is your own account/)).toBeInTheDocument();
    expect(within(box).getByRole('checkbox', { name: 'System administrator' })).toBeDisabled();
    expect(within(box).getByRole('checkbox', { name: 'May publish results' })).toBeDisabled();
    expect(within(box).getByRole('textbox', { name: 'Name' })).toBeEnabled();
  });
});

describe('a new account', () => {
  it('names what is missing beside each field and sends nothing', async () => {
    const calls = server();
    show();
    const box = await openNewAccount();
    fireEvent.click(within(box).getByRole('button', { name: 'Create account' }));
    expect(await within(box).findByText('Please enter a login name.')).toBeInTheDocument();
    expect(within(box).getByText('Please enter the name.')).toBeInTheDocument();
    expect(within(box).getByText('Tick at least one role.')).toBeInTheDocument();
    fireEvent.change(within(box).getByRole('textbox', { name: 'Login name' }), { target: { value: 'a b' } });
    expect(await within(box).findByText('Use 3 to 64 letters, digits, dots, dashes or underscores.')).toBeInTheDocument();
    expect(bodies(calls, 'create')).toHaveLength(0);
  });

  it('asks a secretary for a school, sends the account, then shows its one-time password once', async () => {
    const calls = server({ [url('create')]: () => ok({ outcome: 'done', oneTimePassword: { userId: 9, loginName: 'chen.jing', password: 'Kq7-mP2x-Tz4' } }) });
    show();
    const box = await openNewAccount();
    fireEvent.change(within(box).getByRole('textbox', { name: 'Login name' }), { target: { value: 'chen.jing' } });
    fireEvent.change(within(box).getByRole('textbox', { name: 'Name' }), { target: { value: '陈静' } });
    expect(within(box).queryByRole('combobox', { name: 'Schools' })).toBeNull();
    fireEvent.click(within(box).getByRole('checkbox', { name: 'Department secretary' }));
    expect(await within(box).findByText('Starts in: Department secretary')).toBeInTheDocument();
    fireEvent.click(within(box).getByRole('button', { name: 'Create account' }));
    expect(await within(box).findByText('A department secretary needs at least one school.')).toBeInTheDocument();
    expect(bodies(calls, 'create')).toHaveLength(0);
    await chooseSchool(box, 'School of Mathematical Sciences');
    fireEvent.click(within(box).getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(bodies(calls, 'create')).toEqual([{ loginName: 'chen.jing', name: '陈静', email: '', roleKeys: ['zs_dept'], departmentIds: [2], permissions: [] }]),
    );

    const shown = await dialog('One-time password for 陈静 (chen.jing)');
    expect(within(shown).getByRole('textbox', { name: 'One-time password' })).toHaveValue('Kq7-mP2x-Tz4');
    expect(within(shown).getByText('Give this password to 陈静 in person or by phone.')).toBeInTheDocument();
    expect(within(shown).getByText('It is shown only once.')).toBeInTheDocument();
    // No clipboard in jsdom: the fallback says to copy by hand.
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByText(/select the password and copy it yourself/)).toBeInTheDocument();
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue('Kq7-mP2x-Tz4')).toBeNull());
    expect(document.body.textContent).not.toContain('Kq7-mP2x-Tz4');
  });

  it('shows the server’s refusal inside the dialog, which stays open with what was typed', async () => {
    server({ [url('create')]: () => fail(500, 'The login name chen.jing is taken.') });
    show();
    const box = await openNewAccount();
    fireEvent.change(within(box).getByRole('textbox', { name: 'Login name' }), { target: { value: 'chen.jing' } });
    fireEvent.change(within(box).getByRole('textbox', { name: 'Name' }), { target: { value: '陈静' } });
    fireEvent.click(within(box).getByRole('checkbox', { name: 'Reviewer' }));
    fireEvent.click(within(box).getByRole('button', { name: 'Create account' }));
    expect(await within(box).findByText('The login name chen.jing is taken.')).toBeInTheDocument();
    expect(screen.getByText('New staff account', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(screen.queryByText(/One-time password/)).toBeNull();
    expect(within(box).getByRole('textbox', { name: 'Login name' })).toHaveValue('chen.jing');
  });
});

describe('disabling an account', () => {
  it('needs a reason, warns that their sessions end, and sends the reason', async () => {
    const calls = server({ [url('disable')]: () => ok(null) });
    show();
    fireEvent.click(within(await rowOf('wangfang')).getByRole('button', { name: 'Disable 王芳 (wangfang)' }));
    const box = await dialog('Disable 王芳 (wangfang)?');
    expect(within(box).getByText(/signed out everywhere at once/)).toBeInTheDocument();
    fireEvent.click(within(box).getByRole('button', { name: 'Disable' }));
    expect(await within(box).findByText('Please give a reason.')).toBeInTheDocument();
    expect(bodies(calls, 'disable')).toHaveLength(0);
    fireEvent.change(within(box).getByRole('textbox', { name: 'Reason' }), { target: { value: '  Left the graduate school ' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(bodies(calls, 'disable')).toEqual([{ userId: 2, reason: 'Left the graduate school' }]));
    await waitFor(() => expect(screen.queryByText('Disable 王芳 (wangfang)?', { selector: '.ant-modal-title' })).toBeNull());
  });
});

describe('changing an account', () => {
  it('sends the corrected account; a former secretary keeps no school', async () => {
    const calls = server({ [url('update')]: () => ok(null) });
    show();
    fireEvent.click(within(await rowOf('wangfang')).getByRole('button', { name: 'Edit 王芳 (wangfang)' }));
    const box = await dialog('Edit 王芳 (wangfang)');
    expect(within(box).queryByRole('textbox', { name: 'Login name' })).toBeNull();
    expect(within(box).getByText('Starts in: Department secretary')).toBeInTheDocument();
    fireEvent.change(within(box).getByRole('textbox', { name: 'Email' }), { target: { value: 'wang.fang@example.edu' } });
    fireEvent.click(within(box).getByRole('checkbox', { name: 'Department secretary' }));
    await waitFor(() => expect(within(box).queryByRole('combobox', { name: 'Schools' })).toBeNull());
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(calls, 'update')).toEqual([{ userId: 2, name: '王芳', email: 'wang.fang@example.edu', roleKeys: ['zs_reviewer'], departmentIds: [], permissions: [] }]),
    );
  });

  it('resets a password after a confirmation and shows the new one-time password', async () => {
    const calls = server({ [url('resetPassword')]: () => ok({ outcome: 'done', oneTimePassword: { userId: 2, loginName: 'wangfang', password: 'Wn5-hR8c-Lb2' } }) });
    show();
    fireEvent.click(within(await rowOf('wangfang')).getByRole('button', { name: 'Reset password of 王芳 (wangfang)' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Reset the password of 王芳 (wangfang)?').length).toBeGreaterThan(0);
    expect(bodies(calls, 'resetPassword')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(bodies(calls, 'resetPassword')).toEqual([{ userId: 2 }]));
    const shown = await dialog('One-time password for 王芳 (wangfang)');
    expect(within(shown).getByRole('textbox', { name: 'One-time password' })).toHaveValue('Wn5-hR8c-Lb2');
    expect(within(shown).getByText('At their first sign-in they must choose their own password: this one allows nothing else.')).toBeInTheDocument();
  });

  it("files a publisher's password reset for a second administrator and shows no password", async () => {
    const calls = server({ [url('resetPassword')]: () => ok({ outcome: 'pending', requestId: 7 }) });
    show();
    fireEvent.click(within(await rowOf('office.li')).getByRole('button', { name: 'Reset password of 李强 (office.li)' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/a second system administrator must confirm the reset/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(bodies(calls, 'resetPassword')).toEqual([{ userId: 3 }]));
    expect(await screen.findByText('The change of 李强 (office.li) waits for a second system administrator to confirm it.')).toBeInTheDocument();
    expect(screen.queryByText(/One-time password for/)).toBeNull();
  });
});

describe('the two-person rule', () => {
  afterEach(() => void changeLanguage('en'));
  const request = (patch: Partial<AccountRequestRow>): AccountRequestRow => ({
    requestId: 5,
    action: 'create',
    loginName: 'pub.zhang',
    change: { name: '张发', email: 'zhang@example.edu', roleKeys: ['zs_admin'], departmentIds: [], permissions: ['results.publish'] },
    current: null,
    requestedBy: { loginName: 'sysadmin-2', name: '何静' },
    requestedAt: '2026-11-24T02:00:00.000Z',
    mine: false,
    aboutCaller: false,
    ...patch,
  });

  it('asks for an address before filing a new publisher, then says it waits and shows no password', async () => {
    const calls = server({ [url('create')]: () => ok({ outcome: 'pending', requestId: 5 }) });
    show();
    const box = await openNewAccount();
    fireEvent.change(within(box).getByRole('textbox', { name: 'Login name' }), { target: { value: 'pub.zhang' } });
    fireEvent.change(within(box).getByRole('textbox', { name: 'Name' }), { target: { value: '张发' } });
    fireEvent.click(within(box).getByRole('checkbox', { name: 'Administrator' }));
    fireEvent.click(within(box).getByRole('checkbox', { name: 'May publish results' }));
    expect(await within(box).findByText(/Publishing and administering take two/)).toBeInTheDocument();
    fireEvent.click(within(box).getByRole('button', { name: 'Create account' }));
    expect(await within(box).findByText('An account that may publish or administer needs an email address.')).toBeInTheDocument();
    expect(bodies(calls, 'create')).toHaveLength(0);
    fireEvent.change(within(box).getByRole('textbox', { name: 'Email' }), { target: { value: 'zhang@example.edu' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(bodies(calls, 'create')).toEqual([{ loginName: 'pub.zhang', name: '张发', email: 'zhang@example.edu', roleKeys: ['zs_admin'], departmentIds: [], permissions: ['results.publish'] }]));
    expect(await screen.findByText('The change of 张发 (pub.zhang) waits for a second system administrator to confirm it.')).toBeInTheDocument();
    expect(screen.queryByText(/One-time password for/)).toBeNull();
  });

  it("lists what waits: another's request is confirmed after a second look, one's own only withdrawn", async () => {
    const calls = server({
      [url('requests')]: () => ok([request({}), request({ requestId: 6, action: 'resetPassword', loginName: 'office.li', change: null, current: { name: '李强', email: 'li@example.edu', roleKeys: ['zs_admin'], permissions: ['results.publish'] }, mine: true, requestedBy: { loginName: 'sysadmin', name: '赵敏' } })]),
      [url('confirm')]: () => ok({ mailedTo: 'zhang@example.edu' }),
    });
    show();
    const section = (await screen.findByRole('heading', { name: 'Waiting for a second administrator (2)' })).closest('section')!;
    const other = within(section).getByText('New account pub.zhang').closest('li')!;
    expect(within(other).getByText(/^Asked by 何静 \(sysadmin-2\) at Nov 24, 2026/)).toBeInTheDocument();
    expect(within(other).getByText('May publish results')).toBeInTheDocument();
    const mine = within(section).getByText('Password reset of office.li').closest('li')!;
    expect(within(mine).queryByRole('button', { name: /^Confirm/ })).toBeNull();
    expect(within(mine).getByText('You asked for this: another administrator confirms it.')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Withdraw Password reset of office.li' })).toBeInTheDocument();

    fireEvent.click(within(other).getByRole('button', { name: 'Confirm New account pub.zhang' }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText('A one-time password is mailed to zhang@example.edu; neither of you sees it.')).toBeInTheDocument();
    expect(bodies(calls, 'confirm')).toHaveLength(0);
    fireEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodies(calls, 'confirm')).toEqual([{ requestId: 5 }]));
    expect(await screen.findByText('Confirmed. The one-time password was mailed to zhang@example.edu.')).toBeInTheDocument();
  });

  it('withdraws one\'s own request only with a reason, and shows a refusal', async () => {
    const calls = server({
      [url('requests')]: () => ok([request({ mine: true })]),
      [url('decline')]: () => fail(400, 'This request was already confirmed, declined or withdrawn.'),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw New account pub.zhang' }));
    const box = await dialog('Withdraw: New account pub.zhang?');
    fireEvent.click(within(box).getByRole('button', { name: 'Withdraw' }));
    expect(await within(box).findByText('Please give a reason.')).toBeInTheDocument();
    expect(bodies(calls, 'decline')).toHaveLength(0);
    fireEvent.change(within(box).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Wrong person' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(bodies(calls, 'decline')).toEqual([{ requestId: 5, reason: 'Wrong person' }]));
    expect(await within(box).findByText('This request was already confirmed, declined or withdrawn.')).toBeInTheDocument();
  });
});
