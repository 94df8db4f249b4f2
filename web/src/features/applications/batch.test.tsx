import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ApplicationListRow } from '@gradus/contract/api/staff';
import type { ApplicationListPage, BatchAbilities, BatchResult } from '@gradus/contract/api/staff-batch';
import { changeLanguage } from '@/lib/i18n';
import { Wrapper } from '@/test/render';
import { mockApi, ok, type Call } from '@/test/api';
import { everyMatching, isSelected, NOTHING, selectedCount, selectionBody, toggle } from './batch-selection';
import ApplicationsPage from './pages/ApplicationsPage';
import { StaffButton } from '@gradus/contract/menus';
import { sessionStore } from '@/lib/session';

const LIST = '/mucgrs-service/staff/applications/list';
const OPTIONS = '/mucgrs-service/staff/applications/options';
const DECIDE = '/mucgrs-service/staff/applications/batchDecide';
const RETURN = '/mucgrs-service/staff/applications/batchReturn';

const row = (i: number): ApplicationListRow => ({
  applicationId: 500 + i,
  applicantUserId: 100 + i,
  applicantNumber: `20271000${String(i).padStart(2, '0')}`,
  name: `Applicant ${i}`,
  area: 'doctor',
  recruitYear: '2027',
  registerType: 1,
  department: null,
  programme: null,
  formStatus: 'submitted',
  savedAt: '2026-11-01T02:00:00.000Z',
  submittedAt: '2026-11-01T02:00:00.000Z',
  paid: true,
  photo: 'approved',
  qualification: 'pending',
  departmentReview: null,
});
const SECRETARY: BatchAbilities = { decide: true, returnForm: true, assign: false };

/** 25 applications over two pages of 20; the batch calls answer what they are given. */
function server(allowed: BatchAbilities, answer: BatchResult = { done: 0, applied: [], refused: [] }): Call[] {
  const all = Array.from({ length: 25 }, (_, i) => row(i + 1));
  return mockApi({
    [LIST]: (body) => {
      const b = body as { pageNum?: number; pageSize?: number };
      const pageNum = b.pageNum ?? 1;
      const pageSize = b.pageSize ?? 20;
      const page: ApplicationListPage = { total: all.length, totalCapped: false, pageNum, pageSize, rows: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), allowed };
      return ok(page);
    },
    [OPTIONS]: () => ok({ recruitYears: ['2027'], currentYear: '2027', departments: [], programmes: [] }),
    [DECIDE]: () => ok(answer),
    [RETURN]: () => ok(answer),
  });
}
const show = () => render(<Wrapper path="/admissions/applications"><ApplicationsPage /></Wrapper>);
const tick = (name: string) => fireEvent.click(screen.getByLabelText(`Select ${name}`));
/** The open dialog titled so (role queries over a page of twenty rows are slow in jsdom). */
const dialogTitled = async (title: string) => (await screen.findByText(title)).closest('.ant-modal') as HTMLElement;
const button = (within: HTMLElement, name: string) => [...within.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;

// The role's buttons (F rows) the page shows: granted here, as a signed-in officer's session would hold them.
beforeEach(() => sessionStore.set({ permissions: [StaffButton.EXPORT, StaffButton.BATCH] }));

afterEach(async () => {
  localStorage.clear();
  await changeLanguage('en');
});

describe('the selection, kept by id', () => {
  it('ticks, unticks, and "every matching" less the rows unticked, as the batch calls name them', () => {
    let s = toggle(NOTHING, [1, 2, 3], true);
    s = toggle(s, [2], false);
    expect(selectedCount(s)).toBe(2);
    expect(selectionBody(s)).toEqual({ applicationIds: [1, 3] });
    let all = everyMatching({ payment: 'paid' }, 600);
    all = toggle(all, [7], false);
    expect(isSelected(all, 7)).toBe(false);
    expect(isSelected(all, 8)).toBe(true);
    expect(selectedCount(all)).toBe(599);
    expect(selectionBody(all)).toEqual({ filter: { payment: 'paid' }, exceptIds: [7] });
  });
});

describe('batch actions on the list', () => {
  it('offers a role denied batch actions no ticks and no bar, whatever it may decide', async () => {
    sessionStore.set({ permissions: [StaffButton.EXPORT] });
    server(SECRETARY);
    show();
    await screen.findByText('2027100001');
    expect(screen.queryByLabelText('Select Applicant 1 (2027100001)')).toBeNull();
    expect(screen.queryByLabelText('Select the applications on this page')).toBeNull();
  });

  it('keeps rows ticked on two pages, confirms, and shows each refusal with the server’s reason', async () => {
    const calls = server(SECRETARY, {
      done: 1,
      applied: [{ applicationId: 501, applicantNumber: '2027100001' }],
      refused: [{ applicationId: 522, applicantNumber: '2027100022', reason: 'The form of 2027100022 is not submitted: only a submitted form can be passed or failed.' }],
    });
    show();
    await screen.findByText('2027100001');
    tick('Applicant 1 (2027100001)');
    expect(await screen.findByText('Selected: 1')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('2027100022');
    tick('Applicant 22 (2027100022)');
    expect(await screen.findByText('Selected: 2')).toBeInTheDocument();
    const bar = screen.getByLabelText('Selected applications');
    // A secretary decides and returns; assigning experts is the office's, and not offered.
    expect(within(bar).queryByText('Assign an expert')).toBeNull();
    fireEvent.click(button(bar, 'Eligible'));
    const dialog = await dialogTitled('Mark 2 applications eligible');
    expect(within(dialog).getByText(/This applies to the 2 selected applications/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === DECIDE)).toHaveLength(0);
    fireEvent.click(button(dialog, 'Mark eligible'));
    await waitFor(() => expect(calls.filter((c) => c.url === DECIDE)).toHaveLength(1));
    expect(calls.find((c) => c.url === DECIDE)!.body).toEqual({ applicationIds: [501, 522], outcome: 'pass' });
    const results = await dialogTitled('Result of the batch');
    expect(within(results).getByText('Changed: 1. Refused: 1 (listed first, with the reason).')).toBeInTheDocument();
    const refused = within(results).getByText('2027100022').closest('tr')!;
    expect(within(refused).getByText('Refused')).toBeInTheDocument();
    expect(within(refused).getByText(/is not submitted/)).toBeInTheDocument();
    fireEvent.click(button(results, 'Close'));
    await waitFor(() => expect(screen.queryByLabelText('Selected applications')).toBeNull());
  });

  it('selects every application matching the filter and returns them, less one unticked, with the dialog’s fields', async () => {
    const calls = server(SECRETARY, { done: 24, applied: [], refused: [] });
    show();
    await screen.findByText('2027100001');
    // (jsdom draws antd's header twice; the first is the one on screen.)
    fireEvent.click(screen.getAllByLabelText('Select the applications on this page')[0]!);
    expect(await screen.findByText('Selected: 20')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Select all 25 matching this filter'));
    expect(await screen.findByText('All 25 applications matching this filter are selected')).toBeInTheDocument();
    tick('Applicant 3 (2027100003)');
    expect(await screen.findByText('Selected: 24')).toBeInTheDocument();
    fireEvent.click(button(screen.getByLabelText('Selected applications'), 'Return for correction'));
    const dialog = await dialogTitled('Return 24 forms for correction');
    // Nothing goes without the fields the single return asks for.
    fireEvent.click(button(dialog, 'Return the forms'));
    expect(await within(dialog).findByText('Choose at least one section.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('Contact and mailing address'));
    fireEvent.change(within(dialog).getByLabelText('What to correct'), { target: { value: 'Phone unreachable' } });
    fireEvent.click(button(dialog, 'Return the forms'));
    await waitFor(() => expect(calls.filter((c) => c.url === RETURN)).toHaveLength(1));
    expect(calls.find((c) => c.url === RETURN)!.body).toMatchObject({ filter: {}, exceptIds: [503], sections: ['contact'], reason: 'Phone unreachable' });
    expect(await screen.findByText('All 24 applications were changed.')).toBeInTheDocument();
  });

  it('offers no selection to a viewer without a batch action', async () => {
    server({ decide: false, returnForm: false, assign: false });
    show();
    await screen.findByText('2027100001');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
