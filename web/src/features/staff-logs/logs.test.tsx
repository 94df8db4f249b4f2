import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AuditChainView, AuditLogRow, AuditLogView, SignInLogRow, SignInLogView } from '@gradus/contract/api/staff-logs';
import { changeLanguage } from '@/lib/i18n';
import { currentLocation, Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call, type Handler } from '@/test/api';
import LogsPage from './pages/LogsPage';

const url = (call: string) => `/mucgrs-service/staff/logs/${call}`;
const ADMIN = { userId: 1, kind: 'staff', loginName: 'sysadmin', applicantNumber: null, name: '赵敏' } as const;
const APPLICANT = { userId: 7, kind: 'applicant', loginName: null, applicantNumber: '2027100001', name: '张伟' } as const;

const AUDIT: AuditLogRow[] = [
  { id: 42, at: '2026-11-02T01:30:00.000Z', event: 'account.disable', actor: ADMIN, subject: 'wangfang', ip: '10.0.0.8', detail: { reason: 'Left the graduate school' } },
  {
    id: 41,
    at: '2026-11-01T08:00:00.000Z',
    event: 'account.update',
    actor: ADMIN,
    subject: 'wangfang',
    ip: '10.0.0.8',
    detail: { before: { roleKeys: ['zs_dept', 'zs_reviewer'], departmentIds: [1, 2] }, after: 'unchanged' },
  },
  { id: 40, at: '2026-11-01T07:00:00.000Z', event: 'login.failure', actor: null, subject: 'staff:nobody', ip: '203.0.113.9', detail: null },
];
const SIGN_INS: SignInLogRow[] = [
  { id: 50, at: '2026-11-02T02:00:00.000Z', outcome: 'success', tried: '2027100001', registerType: 1, account: APPLICANT, ip: '198.51.100.4' },
  { id: 49, at: '2026-11-02T01:59:00.000Z', outcome: 'failure', tried: 'nobody', registerType: null, account: null, ip: '203.0.113.9' },
  { id: 48, at: '2026-11-02T01:58:00.000Z', outcome: 'throttled', tried: 'sysadmin', registerType: null, account: ADMIN, ip: '203.0.113.9' },
];
const HASH = 'abcdef0123456789'.repeat(4);

function server(routes: Record<string, Handler> = {}): Call[] {
  return mockApi({
    [url('audit')]: (body) => {
      const b = body as { pageNum?: number; pageSize?: number };
      const page: AuditLogView = { total: AUDIT.length, pageNum: b.pageNum ?? 1, pageSize: b.pageSize ?? 20, rows: AUDIT };
      return ok(page);
    },
    [url('signIns')]: (body) => {
      const b = body as { pageNum?: number; pageSize?: number };
      const page: SignInLogView = { total: SIGN_INS.length, pageNum: b.pageNum ?? 1, pageSize: b.pageSize ?? 20, rows: SIGN_INS };
      return ok(page);
    },
    ...routes,
  });
}
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);
const show = (path = '/system/logs') => render(<Wrapper path={path}><LogsPage /></Wrapper>);
const rowOf = async (text: string) => (await within(await screen.findByRole('table')).findByText(text)).closest('tr')!;

async function choose(label: string, option: string, typed?: string) {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  if (typed) fireEvent.change(box, { target: { value: typed } });
  const matches = await screen.findAllByTitle(option);
  fireEvent.click(matches.find((el) => el.classList.contains('ant-select-item-option')) ?? matches.at(-1)!);
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('the audit trail', () => {
  it('names each event in words, who acted (or the portal) and the detail as readable fields', async () => {
    server();
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Logs' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Audit trail', selected: true })).toBeInTheDocument();
    const disabled = await rowOf('Account disabled');
    expect(within(disabled).getByText('赵敏')).toBeInTheDocument();
    expect(within(disabled).getByText('sysadmin')).toBeInTheDocument();
    expect(within(disabled).getByText('wangfang')).toBeInTheDocument();
    expect(within(disabled).getByText('10.0.0.8')).toBeInTheDocument();
    expect(within(disabled).getByText(/Nov 2, 2026/)).toBeInTheDocument();
    expect(within(disabled).getByRole('term')).toHaveTextContent('reason');
    expect(within(disabled).getByRole('definition')).toHaveTextContent('Left the graduate school');
    expect(disabled.textContent).not.toContain('{');

    const changed = await rowOf('Account changed');
    // A change's before is a nested list, its roles by name; nothing is raw JSON.
    expect(within(changed).getByText('before')).toBeInTheDocument();
    expect(within(changed).getByText('Department secretary, Reviewer')).toBeInTheDocument();
    expect(within(changed).getByText('1, 2')).toBeInTheDocument();
    expect(within(changed).getByText('unchanged')).toBeInTheDocument();
    expect(changed.textContent).not.toMatch(/[{}"[\]]/);

    const failed = await rowOf('Sign-in failed');
    expect(within(failed).getByText('The portal')).toBeInTheDocument();
    expect(within(failed).getByText('staff:nobody')).toBeInTheDocument();
  });

  it('names events in Chinese for a Chinese reader', async () => {
    server();
    await changeLanguage('zh-CN');
    show();
    expect(await rowOf('禁用账号')).toBeInTheDocument();
    expect(within(await rowOf('登录失败')).getByText('门户系统')).toBeInTheDocument();
  });

  it('sends the event, who acted and the days, and keeps them in the address', async () => {
    const calls = server();
    show();
    await rowOf('Account disabled');
    await choose('Event', 'Account disabled', 'disabled');
    await waitFor(() => expect(bodies(calls, 'audit').at(-1)).toEqual({ event: 'account.disable', pageNum: 1, pageSize: 20 }));
    expect(currentLocation()).toBe('/system/logs?event=account.disable');

    fireEvent.change(screen.getByRole('textbox', { name: 'Who acted' }), { target: { value: ' 赵 ' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-02' } });
    // Typing sends nothing until Search.
    expect(bodies(calls, 'audit').at(-1)).not.toHaveProperty('actor');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(bodies(calls, 'audit').at(-1)).toEqual({ event: 'account.disable', actor: '赵', from: '2026-11-01', to: '2026-11-02', pageNum: 1, pageSize: 20 }));
    const address = new URLSearchParams(currentLocation().split('?')[1]);
    expect(Object.fromEntries(address)).toEqual({ event: 'account.disable', actor: '赵', from: '2026-11-01', to: '2026-11-02' });
  });

  it('opens with the filters of the address and shows them', async () => {
    const calls = server();
    show('/system/logs?event=account.disable&subject=wangfang&from=2026-11-01&pageSize=50&bogus=1');
    await rowOf('Account disabled');
    expect(bodies(calls, 'audit')[0]).toEqual({ event: 'account.disable', subject: 'wangfang', from: '2026-11-01', pageNum: 1, pageSize: 50 });
    expect(screen.getByRole('textbox', { name: 'Concerning' })).toHaveValue('wangfang');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
  });

  it('refuses a last day before the first and sends nothing', async () => {
    const calls = server();
    show();
    await rowOf('Account disabled');
    const before = bodies(calls, 'audit').length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The last day is before the first.')).toBeInTheDocument();
    expect(bodies(calls, 'audit')).toHaveLength(before);
    expect(currentLocation()).toBe('/system/logs');
  });

  it('checks the chain: intact, with the newest hash', async () => {
    const intact: AuditChainView = { entries: 1234, intact: true, firstBroken: null, newestHash: HASH };
    const calls = server({ [url('verify')]: () => ok(intact) });
    show();
    await rowOf('Account disabled');
    expect(bodies(calls, 'verify')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Check the chain' }));
    expect(await screen.findByText('The audit trail is intact: 1234 entries; newest hash abcdef012345…')).toBeInTheDocument();
    expect(screen.getByText(HASH)).toBeInTheDocument();
    expect(bodies(calls, 'verify')).toEqual([{}]);
  });

  it('checks the chain: broken, naming the first altered entry', async () => {
    const broken: AuditChainView = { entries: 1234, intact: false, firstBroken: { id: 17, at: '2026-10-30T02:15:00.000Z', event: 'account.disable' }, newestHash: HASH };
    server({ [url('verify')]: () => ok(broken) });
    show();
    await rowOf('Account disabled');
    fireEvent.click(screen.getByRole('button', { name: 'Check the chain' }));
    const alert = (await screen.findByText(/^The audit trail was altered at entry #17 \(Account disabled, Oct 30, 2026/)).closest('[role="alert"]')!;
    expect(alert).toHaveClass('ant-alert-error');
    expect(screen.queryByText(/is intact/)).toBeNull();
  });

  it('shows a refused check beside the button', async () => {
    server({ [url('verify')]: () => fail(403, 'You may not read the audit trail.') });
    show();
    await rowOf('Account disabled');
    fireEvent.click(screen.getByRole('button', { name: 'Check the chain' }));
    expect(await screen.findByText('You may not read the audit trail.')).toBeInTheDocument();
  });
});

describe('the sign-in log', () => {
  it('opens from its tab, keeps the tab in the address and names outcomes in words', async () => {
    const calls = server();
    show();
    await rowOf('Account disabled');
    fireEvent.click(screen.getByRole('tab', { name: 'Sign-ins' }));
    await waitFor(() => expect(currentLocation()).toBe('/system/logs?tab=signIns'));
    const applicant = await rowOf('张伟');
    expect(within(applicant).getByText('Signed in')).toBeInTheDocument();
    expect(within(applicant).getByText('Doctoral applicant (application and assessment)')).toBeInTheDocument();
    expect(within(applicant).getAllByText('2027100001')).toHaveLength(2);
    const unknown = await rowOf('nobody');
    expect(within(unknown).getByText('Wrong password or unknown account')).toBeInTheDocument();
    expect(within(unknown).getByText('No such account')).toBeInTheDocument();
    expect(within(await rowOf('赵敏')).getByText('Locked (too many attempts)')).toBeInTheDocument();
    expect(bodies(calls, 'signIns')[0]).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('sends the outcome, account and address beginning', async () => {
    const calls = server();
    show('/system/logs?tab=signIns');
    await rowOf('nobody');
    await choose('Outcome', 'Locked (too many attempts)');
    await waitFor(() => expect(bodies(calls, 'signIns').at(-1)).toEqual({ outcome: 'throttled', pageNum: 1, pageSize: 20 }));
    expect(currentLocation()).toBe('/system/logs?tab=signIns&outcome=throttled');
    fireEvent.change(screen.getByRole('textbox', { name: 'Account' }), { target: { value: 'sysadmin' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'IP address begins with' }), { target: { value: '203.0.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(bodies(calls, 'signIns').at(-1)).toEqual({ outcome: 'throttled', account: 'sysadmin', ip: '203.0.', pageNum: 1, pageSize: 20 }));
    expect(currentLocation()).toBe('/system/logs?tab=signIns&outcome=throttled&account=sysadmin&ip=203.0.');
    // The audit trail is not asked for while its tab is closed.
    expect(bodies(calls, 'audit')).toHaveLength(0);
  });
});
