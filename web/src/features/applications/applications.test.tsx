import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { APPLICATION_LIST_COUNT_CAP, type ApplicationFilterOptionsView, type ApplicationListRow, type ApplicationListView } from '@gradus/contract/api/staff';
import { changeLanguage } from '@/lib/i18n';
import { currentLocation, Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call } from '@/test/api';
import ApplicationsPage from './pages/ApplicationsPage';
import { StaffButton } from '@gradus/contract/menus';
import { sessionStore } from '@/lib/session';

const LIST = '/mucgrs-service/staff/applications/list';
const OPTIONS = '/mucgrs-service/staff/applications/options';

const CS = { id: 1, nameZh: '计算机科学与技术学院', nameEn: 'School of Computer Science and Technology' };
const row = (i: number, patch: Partial<ApplicationListRow> = {}): ApplicationListRow => ({
  applicationId: 500 + i,
  applicantUserId: 100 + i,
  applicantNumber: `202710000${i}`,
  name: ['张伟', '王芳', '李娜'][i % 3]!,
  area: 'doctor',
  recruitYear: '2027',
  registerType: 1,
  department: CS,
  programme: { id: 11, code: 'CS-PHD-081200', nameZh: '计算机科学与技术（博士）', nameEn: 'Computer Science and Technology (PhD)' },
  formStatus: 'submitted',
  savedAt: '2026-11-01T02:00:00.000Z',
  submittedAt: '2026-11-01T02:00:00.000Z',
  paid: true,
  photo: 'approved',
  qualification: 'pending',
  departmentReview: null,
  ...patch,
});
const OPTION_DATA: ApplicationFilterOptionsView = {
  recruitYears: ['2027', '2026'],
  currentYear: '2027',
  departments: [CS],
  programmes: [{ id: 11, departmentId: 1, code: 'CS-PHD-081200', nameZh: '计算机科学与技术（博士）', nameEn: 'Computer Science and Technology (PhD)' }],
};

/** A server that answers with the rows it is given and records what each call asked for. */
function server(rows: ApplicationListRow[] = [row(1), row(2, { paid: false, photo: 'uploaded', formStatus: 'returned' }), row(3, { qualification: 'fail' })], total = 3): Call[] {
  return mockApi({
    [LIST]: (body) => {
      const b = body as { pageNum?: number; pageSize?: number; exactTotal?: boolean };
      // As the server counts: up to the cap, unless asked for every match.
      const capped = !b.exactTotal && total > APPLICATION_LIST_COUNT_CAP;
      const page: ApplicationListView = { total: capped ? APPLICATION_LIST_COUNT_CAP : total, totalCapped: capped, pageNum: b.pageNum ?? 1, pageSize: b.pageSize ?? 20, rows };
      return ok(page);
    },
    [OPTIONS]: () => ok(OPTION_DATA),
  });
}
const listCalls = (calls: Call[]) => calls.filter((c) => c.url === LIST).map((c) => c.body as Record<string, unknown>);
const show = (path = '/admissions/applications') => render(<Wrapper path={path}><ApplicationsPage /></Wrapper>);

/** jsdom matches no media query, so the page lays out as on a phone: the filters are folded. */
async function openFilters() {
  fireEvent.click(await screen.findByRole('button', { name: /^Filters/ }));
}

async function choose(label: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  const matches = await screen.findAllByTitle(option);
  fireEvent.click(matches.find((el) => el.classList.contains('ant-select-item-option')) ?? matches.at(-1)!);
}

// The role's buttons (F rows) the page shows: granted here, as a signed-in officer's session would hold them.
beforeEach(() => sessionStore.set({ permissions: [StaffButton.EXPORT, StaffButton.BATCH] }));

afterEach(async () => {
  localStorage.clear();
  await changeLanguage('en');
});

describe('the applications list', () => {
  it('shows each application with its state in words and the total', async () => {
    server();
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const second = (await within(table).findByText('2027100002')).closest('tr')!;
    expect(within(second).getByText('李娜')).toBeInTheDocument();
    expect(within(second).getByText('Returned for correction')).toBeInTheDocument();
    expect(within(second).getByText('Not paid')).toBeInTheDocument();
    expect(within(second).getByText('Waiting for review')).toBeInTheDocument();
    expect(screen.getAllByText('Applications: 3').length).toBeGreaterThan(0);
  });

  it('says "more than 1000" above the cap, counts them all when asked, and counts up to the cap again for a new filter', async () => {
    const calls = server(undefined, 12_345);
    show();
    expect(await screen.findByText('Applications: more than 1000', { selector: '.applications__count span' })).toBeInTheDocument();
    expect(listCalls(calls).at(-1)).not.toHaveProperty('exactTotal');
    // The pager still offers the page after the thousandth application.
    expect(screen.getByTitle('51')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Count them all' }));
    expect(await screen.findByText('Applications: 12345', { selector: '.applications__count span' })).toBeInTheDocument();
    expect(listCalls(calls).at(-1)).toMatchObject({ exactTotal: true });
    expect(screen.queryByRole('button', { name: 'Count them all' })).not.toBeInTheDocument();
    await openFilters();
    await choose('Fee', 'Not paid');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ payment: 'unpaid' }));
    expect(listCalls(calls).at(-1)).not.toHaveProperty('exactTotal');
    expect(await screen.findByText('Applications: more than 1000', { selector: '.applications__count span' })).toBeInTheDocument();
  });

  it('sends a chosen filter to the server, from the first page, and keeps it in the address', async () => {
    const calls = server();
    show('/admissions/applications?pageNum=3');
    await screen.findByText('2027100001');
    await openFilters();
    await choose('Fee', 'Not paid');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ payment: 'unpaid', pageNum: 1 }));
    expect(currentLocation()).toContain('payment=unpaid');
    expect(currentLocation()).not.toContain('pageNum');
  });

  it('lists one cycle: the Hong Kong, Macao and Taiwan applicants', async () => {
    const calls = server();
    show('/admissions/applications');
    await screen.findByText('2027100001');
    await openFilters();
    await choose('Cycle', 'Hong Kong, Macao and Taiwan applicants');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ cycle: 'gat', pageNum: 1 }));
    expect(currentLocation()).toContain('cycle=gat');
  });

  it('searches by name or number on Enter, not on every letter', async () => {
    const calls = server();
    show();
    await screen.findByText('2027100001');
    await openFilters();
    const before = listCalls(calls).length;
    const search = screen.getByRole('searchbox', { name: 'Name or applicant number' });
    fireEvent.change(search, { target: { value: '王芳' } });
    expect(listCalls(calls)).toHaveLength(before);
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ q: '王芳' }));
  });

  it('sorts on the server when a column header is clicked', async () => {
    const calls = server();
    show();
    await screen.findByText('2027100001');
    fireEvent.click(screen.getAllByRole('columnheader', { name: 'Name' })[0]!);
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sortField: 'name', sortOrder: 'ascend', pageNum: 1 }));
  });

  it('folds the filters behind one button on a narrow screen, saying how many are in use', async () => {
    server();
    show('/admissions/applications?photo=uploaded&payment=unpaid');
    await screen.findByText('2027100001');
    const toggle = screen.getByRole('button', { name: 'Filters (2 in use)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('search')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('search', { name: 'Filter applications' })).toBeInTheDocument();
  });

  it('reads filters from the address, dropping what it does not know', async () => {
    const calls = server();
    show('/admissions/applications?photo=uploaded&payment=bogus&departmentId=1&pageSize=50&sortField=password');
    await screen.findByText('2027100001');
    const sent = listCalls(calls)[0]!;
    expect(sent).toEqual({ photo: 'uploaded', departmentId: 1, pageNum: 1, pageSize: 50 });
  });

  it('saves the current filters under a name and applies them again later', async () => {
    const calls = server();
    show('/admissions/applications?photo=uploaded&payment=unpaid');
    await screen.findByText('2027100001');
    fireEvent.click(screen.getByRole('button', { name: 'Save these filters' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give the filter a name.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name of the filter'), { target: { value: 'Photos to check' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openFilters();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ pageNum: 1, pageSize: 20 }));
    await choose('Saved filters', 'Photos to check');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ photo: 'uploaded', payment: 'unpaid', pageNum: 1 }));
  });

  it('hides a column the reader does not need, and remembers it', async () => {
    server();
    const first = show();
    await screen.findByText('2027100001');
    expect(screen.getByText('Photo', { selector: '.ant-table-cell, .ant-table-cell *' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Photo' }));
    await waitFor(() => expect(screen.queryByText('Photo', { selector: 'th, th *' })).toBeNull());
    first.unmount();
    show();
    await screen.findByText('2027100001');
    expect(screen.queryByText('Photo', { selector: 'th, th *' })).toBeNull();
  });

  it("says so when the server refuses, in the server's words", async () => {
    mockApi({ [LIST]: () => fail(400, 'Page size: not one of the allowed choices'), [OPTIONS]: () => ok(OPTION_DATA) });
    show();
    expect(await screen.findByText('The applications could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Page size: not one of the allowed choices')).toBeInTheDocument();
  });

  it('speaks Chinese, names included', async () => {
    await changeLanguage('zh-CN');
    server();
    show();
    expect(await screen.findByRole('heading', { level: 1, name: '报名申请' })).toBeInTheDocument();
    expect((await screen.findAllByText('计算机科学与技术（博士）')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('已缴费').length).toBeGreaterThan(0);
  });
});
