import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CalendarView, PublicityListView, PublicPublicityView, StaffPublicityListsView } from '@gradus/contract/api/publicity';
import { changeLanguage } from '@/lib/i18n';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call, type Handler } from '@/test/api';
import PublicityOfficePage from './pages/PublicityOfficePage';
import PublicityPage from './pages/PublicityPage';

const staffUrl = (call: string) => `/mucgrs-service/staff/${call}`;
const list = (patch: Partial<PublicityListView> = {}): PublicityListView => ({
  id: 1,
  area: 'doctor',
  recruitYear: '2027',
  kind: 'original',
  amends: null,
  note: '',
  scoreKinds: ['material', 'final'],
  startDate: '2026-11-23',
  endDate: '2026-12-04',
  workingDays: 10,
  publishedAt: '2026-11-22T09:00:00.000Z',
  state: 'open',
  rows: [{ name: '王*磊', applicantNumber: '2027100002', programme: { code: '081200', nameZh: '计算机科学与技术', nameEn: 'Computer Science' }, scores: { material: '86', final: '85.7' }, change: null }],
  ...patch,
});
const calendar: CalendarView = { year: '2027', workingDays: 261, days: [{ date: '2027-10-04', kind: 'holiday', name: '国庆节', updatedAt: '2026-11-22T09:00:00.000Z' }] };

function officeServer(routes: Record<string, Handler> = {}): Call[] {
  const view: StaffPublicityListsView = { lists: [], recruitYear: '2027', areas: ['doctor'], today: '2026-11-23' };
  return mockApi({
    [staffUrl('publicity/list')]: () => ok(view),
    [staffUrl('publicity/preview')]: () => ok({ endDate: '2026-12-04', rows: list().rows }),
    [staffUrl('publicity/publish')]: () => ok({ ...list(), publishedBy: '周杰' }),
    [staffUrl('calendar/list')]: () => ok(calendar),
    [staffUrl('calendar/save')]: () => ok(calendar),
    ...routes,
  });
}
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === staffUrl(call)).map((c) => c.body as Record<string, unknown>);

afterEach(async () => {
  await changeLanguage('en');
});

describe('the public page', () => {
  it('shows the lists in their period and the past ones, masked, with their Beijing dates and what a supplement amends', async () => {
    const view: PublicPublicityView = {
      current: [list({ id: 2, kind: 'supplementary', amends: { id: 1, startDate: '2026-11-23', publishedAt: '2026-11-22T09:00:00.000Z' }, note: '更正成绩。', rows: [{ ...list().rows[0]!, change: 'corrected' }] })],
      past: [list({ state: 'closed' })],
    };
    mockApi({ '/api/v1/client/publicity': () => ok(view) });
    render(<Wrapper path="/publicity"><PublicityPage /></Wrapper>);
    expect(await screen.findByRole('heading', { level: 1, name: 'Proposed-admission lists' })).toBeInTheDocument();
    const current = await screen.findByRole('region', { name: 'Lists in their publicity period' });
    const supplement = within(current).getByRole('article', { name: '2027 doctoral supplementary list' });
    expect(supplement).toHaveTextContent('Amends the list whose period began on Nov 23, 2026 (list no. 1).');
    expect(supplement).toHaveTextContent('更正成绩。');
    expect(within(supplement).getByRole('cell', { name: 'Corrected' })).toBeInTheDocument();
    const past = screen.getByRole('region', { name: 'Past lists' });
    const original = within(past).getByRole('article', { name: '2027 doctoral proposed-admission list' });
    expect(original).toHaveTextContent('Publicity period: Nov 23, 2026 to Dec 4, 2026 (10 working days, Beijing dates)');
    expect(within(original).getByRole('cell', { name: '王*磊' })).toBeInTheDocument();
    expect(within(original).getByRole('columnheader', { name: 'Final score' })).toBeInTheDocument();
    expect(within(original).queryByRole('columnheader', { name: 'Foreign language' })).toBeNull();
  });
});

describe('the office’s page', () => {
  it('refuses fewer than ten working days before asking the server, previews, and publishes only after the confirmation', async () => {
    const calls = officeServer();
    render(<Wrapper path="/admissions/publicity"><PublicityOfficePage /></Wrapper>);
    const days = await screen.findByRole('spinbutton', { name: 'Working days' });
    fireEvent.change(days, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Working days: at least 10 working days; a proposed-admission list stays up no shorter.')).toBeInTheDocument();
    expect(bodies(calls, 'publicity/preview')).toEqual([]);

    fireEvent.change(days, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('1 rows; on the public page from Nov 23, 2026 to Dec 4, 2026 (10 working days).')).toBeInTheDocument();
    expect(bodies(calls, 'publicity/preview')).toEqual([{ area: 'doctor', recruitYear: '2027', scoreKinds: ['material', 'assessment', 'final'], startDate: '2026-11-23', workingDays: 10, amends: null, note: '' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Publish…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Publish this list?').length).toBeGreaterThan(0);
    expect(dialog).toHaveTextContent('Once published, the list can no longer be changed or removed.');
    expect(bodies(calls, 'publicity/publish')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(bodies(calls, 'publicity/publish')).toHaveLength(1));
  });

  it('shows the server’s refusal and publishes nothing', async () => {
    const calls = officeServer({ [staffUrl('publicity/preview')]: () => fail(409, 'The proposed-admission list of this area and year is already published and can no longer change.') });
    render(<Wrapper path="/admissions/publicity"><PublicityOfficePage /></Wrapper>);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already published and can no longer change');
    expect(screen.getByRole('button', { name: 'Publish…' })).toBeDisabled();
    expect(bodies(calls, 'publicity/publish')).toEqual([]);
  });

  it('keeps the calendar: checks the date before sending, then saves the day', async () => {
    const calls = officeServer();
    render(<Wrapper path="/admissions/publicity?tab=calendar"><PublicityOfficePage /></Wrapper>);
    expect(await screen.findByRole('cell', { name: 'Monday, October 4, 2027' })).toBeInTheDocument();
    expect(screen.getByText('2027 has 261 working days.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '国庆节' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save day' }));
    expect(await screen.findByText('Date must be a date such as 2027-10-08.')).toBeInTheDocument();
    expect(bodies(calls, 'calendar/save')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2027-10-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save day' }));
    await waitFor(() => expect(bodies(calls, 'calendar/save')).toEqual([{ date: '2027-10-05', kind: 'holiday', name: '国庆节' }]));
  });
});
