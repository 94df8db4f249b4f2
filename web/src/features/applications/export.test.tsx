import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ApplicationListView } from '@gradus/contract/api/staff';
import { APPLICATION_EXPORT_TYPE } from '@gradus/contract/api/staff-export';
import { download } from '@/lib/download';
import { changeLanguage } from '@/lib/i18n';
import { Wrapper } from '@/test/render';
import { mockApi, ok, type Handler } from '@/test/api';
import ApplicationsPage from './pages/ApplicationsPage';
import { StaffButton } from '@gradus/contract/menus';
import { sessionStore } from '@/lib/session';

const LIST = '/mucgrs-service/staff/applications/list';
const OPTIONS = '/mucgrs-service/staff/applications/options';
const EXPORT = '/mucgrs-service/staff/applications/export';
const EMPTY: ApplicationListView = { total: 0, totalCapped: false, pageNum: 1, pageSize: 20, rows: [] };

function server(exported: Handler) {
  return mockApi({
    [LIST]: () => ok(EMPTY),
    [OPTIONS]: () => ok({ recruitYears: ['2027'], currentYear: '2027', departments: [], programmes: [] }),
    [EXPORT]: exported,
  });
}
const show = (path: string) => render(<Wrapper path={path}><ApplicationsPage /></Wrapper>);

// The role's buttons (F rows) the page shows: granted here, as a signed-in officer's session would hold them.
beforeEach(() => sessionStore.set({ permissions: [StaffButton.EXPORT, StaffButton.BATCH] }));

afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await changeLanguage('en');
});

describe('exporting the applications list to Excel', () => {
  it('sends the filters and the sort on screen, not the page, and saves the file under the name the server gave', async () => {
    const save = vi.spyOn(download, 'save').mockImplementation(() => {});
    const xlsx = new Blob(['PK'], { type: APPLICATION_EXPORT_TYPE });
    const calls = server(() => ({
      data: xlsx,
      headers: { 'content-type': APPLICATION_EXPORT_TYPE, 'content-disposition': `attachment; filename="applications-2027-2026-11-22.xlsx"; filename*=UTF-8''applications-2027-2026-11-22.xlsx` },
    }));
    show('/admissions/applications?payment=unpaid&q=王&sortField=name&sortOrder=ascend&pageNum=3&pageSize=50');
    fireEvent.click(await screen.findByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(xlsx, 'applications-2027-2026-11-22.xlsx'));
    expect(calls.find((c) => c.url === EXPORT)?.body).toEqual({ payment: 'unpaid', q: '王', sortField: 'name', sortOrder: 'ascend' });
  });

  it('shows it is working while the file arrives, and can be used again after', async () => {
    vi.spyOn(download, 'save').mockImplementation(() => {});
    let deliver: () => void = () => {};
    server(() => new Promise((resolve) => (deliver = () => resolve({ data: new Blob(['PK'], { type: APPLICATION_EXPORT_TYPE }), headers: {} }))));
    show('/admissions/applications');
    fireEvent.click(await screen.findByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('button', { name: /Exporting/ })).toBeInTheDocument();
    deliver();
    expect(await screen.findByRole('button', { name: 'Export to Excel' })).toBeInTheDocument();
  });

  it("says why, in the server's words, when the server refuses, and saves nothing", async () => {
    const save = vi.spyOn(download, 'save');
    server(() => ({ data: new Blob([JSON.stringify({ code: 403, msg: 'You may not do this.' })], { type: 'application/json' }), headers: { 'content-type': 'application/json' } }));
    show('/admissions/applications');
    fireEvent.click(await screen.findByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('You may not do this.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('is not offered to a role denied the export', async () => {
    const calls = server(() => ok());
    sessionStore.set({ permissions: [StaffButton.BATCH] });
    show('/admissions/applications');
    expect((await screen.findAllByText('Applications: 0')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
    expect(calls.filter((c) => c.url === EXPORT)).toHaveLength(0);
  });

  it('says the export failed when the connection drops', async () => {
    server(() => ({ status: 502, data: new Blob(['Bad gateway'], { type: 'text/plain' }) }));
    show('/admissions/applications');
    fireEvent.click(await screen.findByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('The export could not be made. Please try again.')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    server(() => ({ data: new Blob(['PK'], { type: APPLICATION_EXPORT_TYPE }) }));
    show('/admissions/applications');
    expect(await screen.findByRole('button', { name: '导出 Excel' })).toBeInTheDocument();
  });
});
