import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { StaffDashboardView } from '@gradus/contract/api/staff-dashboard';
import { changeLanguage } from '@/lib/i18n';
import { sessionStore } from '@/lib/session';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok } from '@/test/api';
import DashboardPage from './pages/DashboardPage';

// jsdom has no canvas: the chart library is replaced by a recorder of what it was asked to draw.
const drawn = vi.hoisted(() => ({ charts: new Map<Element, unknown>() }));
vi.mock('./charts/echarts', () => ({
  init: (box: Element) => ({
    setOption: (option: unknown) => drawn.charts.set(box, option),
    resize: () => {},
    dispose: () => drawn.charts.delete(box),
  }),
}));

const DASHBOARD = '/mucgrs-service/staff/dashboard';
const CS_PHD = { id: 11, code: 'CS-PHD-081200', nameZh: '计算机科学与技术（博士）', nameEn: 'Computer Science and Technology (PhD)' };

const VIEW: StaffDashboardView = {
  area: 'doctor',
  recruitYear: '2027',
  stages: { total: 60, draft: 4, submitted: 41, returned: 3, paid: 38, photoWaiting: 7, eligible: 20, ineligible: 5 },
  perProgramme: [{ programme: CS_PHD, submitted: 25, paid: 23, eligible: 12 }, { programme: null, submitted: 1, paid: 0, eligible: 0 }],
  submissionsPerDay: Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, thisYear: i === 29 ? 41 : 0, lastYear: i === 29 ? 9 : 0 })),
  experts: [{ expertUserId: 5, name: '王晓明', assigned: 12, submitted: 4 }],
  photosWaiting: 8,
};

const show = () =>
  render(
    <Wrapper path="/admissions/dashboard">
      <DashboardPage />
    </Wrapper>,
  );

afterEach(async () => {
  sessionStore.set({ menuAuth: [] });
  await changeLanguage('en');
});

describe('the staff dashboard page', () => {
  it('shows each stage as a card that opens the list filtered the same way', async () => {
    mockApi({ [DASHBOARD]: () => ok(VIEW) });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    const stages = await screen.findByRole('list', { name: 'Where applications stand' });
    const submitted = within(stages).getByRole('link', { name: /Submitted\s*41/ });
    expect(submitted).toHaveAttribute('href', '/admissions/applications?area=doctor&recruitYear=2027&formStatus=submitted');
    expect(submitted).toHaveAccessibleDescription('Opens the list of these applications');
    expect(within(stages).getByRole('link', { name: /Photo waiting for review\s*7/ })).toHaveAttribute('href', '/admissions/applications?area=doctor&recruitYear=2027&photo=uploaded');
    expect(within(stages).getByRole('link', { name: /All applications\s*60/ })).toHaveAttribute('href', '/admissions/applications?area=doctor&recruitYear=2027');
    expect(within(stages).getAllByRole('link')).toHaveLength(8);
    // Without the photo review page (an expert), no card leads to it.
    expect(screen.queryByTestId('photos-waiting')).not.toBeInTheDocument();
  });

  it('leads those who review photos to the queue', async () => {
    sessionStore.set({ menuAuth: ['menu.staff.review', 'menu.staff.photos'] });
    mockApi({ [DASHBOARD]: () => ok(VIEW) });
    show();
    const queue = await screen.findByRole('link', { name: /Photos in the review queue\s*8/ });
    expect(queue).toHaveAttribute('href', '/admissions/photos');
  });

  it('draws the charts from the loaded library and gives every figure as a table too', async () => {
    mockApi({ [DASHBOARD]: () => ok(VIEW) });
    show();
    await waitFor(() => expect(drawn.charts.size).toBe(3));
    const titles = [...drawn.charts.values()].map((o) => JSON.stringify(o));
    expect(titles.find((o) => o.includes('"type":"line"'))).toContain('[0,0,0');
    const submissions = await screen.findByRole('table', { name: 'Submissions per day, last 30 days' });
    expect(within(submissions).getAllByRole('row')).toHaveLength(31);
    expect(within(submissions).getByRole('row', { name: '2026-11-30 41 9' })).toBeInTheDocument();
    const programmes = screen.getByRole('table', { name: 'By programme' });
    expect(within(programmes).getByRole('row', { name: 'Computer Science and Technology (PhD) 25 23 12' })).toBeInTheDocument();
    expect(within(programmes).getByRole('row', { name: 'No programme chosen 1 0 0' })).toBeInTheDocument();
    const experts = screen.getByRole('table', { name: 'Expert reviews' });
    expect(within(experts).getByRole('row', { name: '王晓明 12 4 8' })).toBeInTheDocument();
  });

  it('names programmes in Chinese for Chinese readers', async () => {
    await changeLanguage('zh-CN');
    mockApi({ [DASHBOARD]: () => ok(VIEW) });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: '工作概览' })).toBeInTheDocument();
    const programmes = await screen.findByRole('table', { name: '按专业统计' });
    expect(within(programmes).getByRole('row', { name: '计算机科学与技术（博士） 25 23 12' })).toBeInTheDocument();
  });

  it("says calmly when the caller's role has no dashboard", async () => {
    mockApi({ [DASHBOARD]: () => fail(403, 'You do not have permission to do this.') });
    show();
    expect(await screen.findByText('Your role has no dashboard.')).toBeInTheDocument();
  });
});
