import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OnlineSessionRow, OnlineSessionsView } from '@gradus/contract/api/staff-logs';
import { changeLanguage } from '@/lib/i18n';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call, type Handler } from '@/test/api';
import { deviceOf } from './device';
import OnlinePage from './pages/OnlinePage';

const url = (call: string) => `/mucgrs-service/staff/sessions/${call}`;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const session = (patch: Partial<OnlineSessionRow>): OnlineSessionRow => ({
  sessionId: 1,
  user: { userId: 1, kind: 'staff', loginName: 'sysadmin', applicantNumber: null, name: '赵敏' },
  role: 'zs_sysadmin',
  startedAt: '2026-11-02T00:30:00.000Z',
  lastSeenAt: '2026-11-02T01:45:00.000Z',
  ip: '10.0.0.8',
  userAgent: CHROME,
  self: false,
  ...patch,
});

function server(routes: Record<string, Handler> = {}): { calls: Call[]; rows: OnlineSessionRow[] } {
  const rows = [
    session({ self: true }),
    session({ sessionId: 7, user: { userId: 7, kind: 'applicant', loginName: null, applicantNumber: '2027100001', name: '张伟' }, role: 'zs_doctor', ip: '198.51.100.4', userAgent: SAFARI }),
    session({ sessionId: 9, user: { userId: 2, kind: 'staff', loginName: 'wangfang', applicantNumber: null, name: '王芳' }, role: 'zs_dept', userAgent: null }),
  ];
  const calls = mockApi({
    [url('online')]: (body) => {
      const b = body as { pageNum?: number; pageSize?: number };
      const page: OnlineSessionsView = { total: rows.length, pageNum: b.pageNum ?? 1, pageSize: b.pageSize ?? 20, rows: [...rows] };
      return ok(page);
    },
    [url('signOut')]: (body) => {
      const { sessionId } = body as { sessionId: number };
      rows.splice(
        rows.findIndex((r) => r.sessionId === sessionId),
        1,
      );
      return ok(null);
    },
    ...routes,
  });
  return { calls, rows };
}
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);
const show = () => render(<Wrapper path="/system/online"><OnlinePage /></Wrapper>);
const rowOf = async (text: string) => (await within(await screen.findByRole('table')).findByText(text)).closest('tr')!;
const dialog = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;

afterEach(async () => {
  await changeLanguage('en');
});

describe('who is online', () => {
  it('lists each live session: the person, kind, role, times, address and device', async () => {
    const { calls } = server();
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Who is online' })).toBeInTheDocument();
    const applicant = await rowOf('张伟');
    expect(within(applicant).getByText('2027100001')).toBeInTheDocument();
    expect(within(applicant).getByText('Applicant')).toBeInTheDocument();
    expect(within(applicant).getByText('Doctoral applicant')).toBeInTheDocument();
    expect(within(applicant).getByText('198.51.100.4')).toBeInTheDocument();
    expect(within(applicant).getByText('Safari 17 on iOS')).toBeInTheDocument();
    // The full user-agent is one keyboard step away, not hidden in a hover title.
    expect(within(applicant).getByText(SAFARI)).toBeInTheDocument();
    expect(within(applicant).getAllByText(/Nov 2, 2026/)).toHaveLength(2);
    expect(within(await rowOf('王芳')).getByText('Not recorded')).toBeInTheDocument();
    expect(screen.getByText(/to the minute/)).toBeInTheDocument();
    expect(bodies(calls, 'online')[0]).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('marks the caller’s own session “You” and offers no Sign out there', async () => {
    server();
    show();
    const own = await rowOf('赵敏');
    expect(within(own).getByText('You')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /^Sign out/ })).toBeNull();
    expect(within(await rowOf('张伟')).getByRole('button', { name: 'Sign out 张伟 (2027100001)' })).toBeInTheDocument();
    expect(within(await rowOf('王芳')).queryByText('You')).toBeNull();
  });

  it('refreshes on request', async () => {
    const { calls } = server();
    show();
    await rowOf('张伟');
    const before = bodies(calls, 'online').length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(bodies(calls, 'online').length).toBe(before + 1));
  });

  it('asks for a reason, warns that unsaved work is lost, sends {sessionId, reason} and drops the row', async () => {
    const { calls } = server();
    show();
    fireEvent.click(within(await rowOf('张伟')).getByRole('button', { name: 'Sign out 张伟 (2027100001)' }));
    const box = await dialog('Sign out 张伟 (2027100001)?');
    expect(within(box).getByText(/signed out at once: anything unsaved on their screen is lost/)).toBeInTheDocument();
    fireEvent.click(within(box).getByRole('button', { name: 'Sign out' }));
    expect(await within(box).findByText('Please give a reason.')).toBeInTheDocument();
    expect(bodies(calls, 'signOut')).toHaveLength(0);
    fireEvent.change(within(box).getByRole('textbox', { name: 'Reason' }), { target: { value: '  Left signed in at the front desk ' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(bodies(calls, 'signOut')).toEqual([{ sessionId: 7, reason: 'Left signed in at the front desk' }]));
    expect(await screen.findByText('张伟 (2027100001) is signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('张伟')).toBeNull());
    expect(screen.queryByText('Sign out 张伟 (2027100001)?', { selector: '.ant-modal-title' })).toBeNull();
  });

  it('shows the server’s refusal inside the dialog, which stays open', async () => {
    server({ [url('signOut')]: () => fail(404, 'This session has already ended or does not exist.') });
    show();
    fireEvent.click(within(await rowOf('王芳')).getByRole('button', { name: 'Sign out 王芳 (wangfang)' }));
    const box = await dialog('Sign out 王芳 (wangfang)?');
    fireEvent.change(within(box).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Account shared' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Sign out' }));
    expect(await within(box).findByText('This session has already ended or does not exist.')).toBeInTheDocument();
    expect(screen.getByText('Sign out 王芳 (wangfang)?', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(within(box).getByRole('textbox', { name: 'Reason' })).toHaveValue('Account shared');
  });

  it('speaks Chinese to a Chinese reader', async () => {
    server();
    await changeLanguage('zh-CN');
    show();
    expect(await screen.findByRole('heading', { level: 1, name: '在线用户' })).toBeInTheDocument();
    const own = await rowOf('赵敏');
    expect(within(own).getByText('本人')).toBeInTheDocument();
    expect(within(own).getByText('系统管理员')).toBeInTheDocument();
    expect(within(await rowOf('张伟')).getByRole('button', { name: '强制退出 张伟 (2027100001)' })).toBeInTheDocument();
  });
});

describe('a device as a person recognises it', () => {
  it.each([
    [CHROME, { browser: 'Chrome 128', system: 'Windows' }],
    [SAFARI, { browser: 'Safari 17', system: 'iOS' }],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36 Edg/128.0.2739.42', { browser: 'Edge 128', system: 'macOS' }],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', { browser: 'Firefox 131', system: 'Linux' }],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Mobile Safari/537.36', { browser: 'Headless Chrome 126', system: 'Android' }],
    ['something-else/1.0', { browser: null, system: null }],
  ])('%s', (userAgent, device) => {
    expect(deviceOf(userAgent)).toEqual(device);
  });
});
