import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ScoreGridView, ScoreHistoryView, ScoreImportView, ScoreRowView, ScoreWeightsView } from '@gradus/contract/api/staff-scores';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call, type Handler } from '@/test/api';
import ScoresPage from './pages/ScoresPage';
import { StaffButton } from '@gradus/contract/menus';
import { sessionStore } from '@/lib/session';

const url = (call: string) => `/mucgrs-service/staff/scores/${call}`;
const cs = { id: 1, nameZh: '计算机科学与技术', nameEn: 'Computer Science and Technology' };
const econ = { id: 2, nameZh: '经济学', nameEn: 'Economics' };
const ROWS: ScoreRowView[] = [
  { applicantNumber: '2027100002', name: '王磊', programme: cs, score: '78.5', recordedAt: '2026-11-20T02:00:00.000Z', versions: 2 },
  { applicantNumber: '2027100031', name: '李子涵', programme: econ, score: null, recordedAt: null, versions: 0 },
  { applicantNumber: '2027100032', name: '王浩然', programme: cs, score: null, recordedAt: null, versions: 0 },
];
const GRID: ScoreGridView = { area: 'doctor', recruitYear: '2027', kind: 'language', maxScore: '100', total: 3, pageNum: 1, pageSize: 20, rows: ROWS, programmes: [cs, econ] };
const HISTORY: ScoreHistoryView = {
  applicantNumber: '2027100002',
  name: '王磊',
  versions: [
    { kind: 'language', score: '78.5', previous: '76', maxScore: '100', reason: 'Re-marked paper', source: 'hand', by: { loginName: 'admin', name: '赵敏' }, at: '2026-11-20T02:00:00.000Z' },
    { kind: 'language', score: '76', previous: null, maxScore: '100', reason: null, source: 'import', by: { loginName: 'admin', name: '赵敏' }, at: '2026-11-19T02:00:00.000Z' },
  ],
};
const WEIGHTS: ScoreWeightsView = {
  recruitYear: '2027',
  programmes: [
    { programme: cs, weights: [{ kind: 'material', weight: 30 }, { kind: 'assessment', weight: 70 }], updatedAt: '2026-11-20T02:00:00.000Z' },
    { programme: econ, weights: [], updatedAt: null },
  ],
};
const OPTIONS = { recruitYears: ['2027', '2026'], currentYear: '2027', departments: [], programmes: [] };
const importUrl = (dryRun: boolean) => `${url('import')}?area=doctor&recruitYear=2027&kind=language&dryRun=${dryRun}`;

function server(routes: Record<string, Handler> = {}): Call[] {
  return mockApi({
    '/mucgrs-service/staff/applications/options': () => ok(OPTIONS),
    [url('grid')]: () => ok(GRID),
    [url('history')]: () => ok(HISTORY),
    [url('weights')]: () => ok(WEIGHTS),
    ...routes,
  });
}
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);
const show = () => render(<Wrapper path="/admissions/scores"><ScoresPage /></Wrapper>);
const scoreBox = (number: string, name: string) => screen.findByRole('textbox', { name: `Foreign language score of ${number} ${name}` });
const xlsx = (name = 'scores.xlsx') => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const choose = (file: File) => fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [file] } });

// The role's buttons (F rows) the page shows: granted here, as a signed-in officer's session would hold them.
beforeEach(() => sessionStore.set({ permissions: [StaffButton.SCORE_IMPORT] }));

describe('scores page', () => {
  it('lists the applicants who should have the score; Enter saves a row and moves to the next', async () => {
    const saved: ScoreRowView = { ...ROWS[1]!, score: '66', versions: 1 };
    const calls = server({ [url('save')]: () => ok({ row: saved, changed: true }) });
    show();
    const box = await scoreBox('2027100031', '李子涵');
    expect(bodies(calls, 'grid')[0]).toMatchObject({ area: 'doctor', recruitYear: '2027', kind: 'language', pageNum: 1, pageSize: 20 });
    expect(screen.getByText('Full marks: 100')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '66' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(bodies(calls, 'save')).toEqual([{ area: 'doctor', recruitYear: '2027', kind: 'language', number: '2027100031', score: '66' }]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Foreign language score of 2027100032 王浩然' })));
  });

  it('asks for the reason before changing a recorded score, and sends it', async () => {
    const calls = server({ [url('save')]: () => ok({ row: { ...ROWS[0]!, score: '80', versions: 3 }, changed: true }) });
    show();
    const box = await scoreBox('2027100002', '王磊');
    fireEvent.change(box, { target: { value: '80' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText(/The recorded score is 78.5: give the reason/)).toBeInTheDocument();
    expect(bodies(calls, 'save')).toHaveLength(0);
    const reason = screen.getByRole('textbox', { name: 'Reason for changing the score of 2027100002 王磊' });
    fireEvent.change(reason, { target: { value: 'Re-marked paper' } });
    fireEvent.keyDown(reason, { key: 'Enter' });
    await waitFor(() => expect(bodies(calls, 'save')).toEqual([{ area: 'doctor', recruitYear: '2027', kind: 'language', number: '2027100002', score: '80', reason: 'Re-marked paper' }]));
  });

  it('refuses what is no score or above full marks without calling, and shows the server’s refusal in the row', async () => {
    const calls = server({ [url('save')]: () => fail(409, '2027100032 (王浩然) is not among the applicants who should have this score.') });
    show();
    const box = await scoreBox('2027100031', '李子涵');
    for (const [value, message] of [['abc', /A score is 0 or more/], ['101', 'Above full marks (100).']] as const) {
      fireEvent.change(box, { target: { value } });
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(bodies(calls, 'save')).toHaveLength(0);
    const other = await scoreBox('2027100032', '王浩然');
    fireEvent.change(other, { target: { value: '50' } });
    fireEvent.keyDown(other, { key: 'Enter' });
    expect(await screen.findByText('2027100032 (王浩然) is not among the applicants who should have this score.')).toBeInTheDocument();
  });

  it('shows an applicant’s history: who changed what, when and why', async () => {
    server();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'History of 2027100002 王磊' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Changed from 76 to 78.5 / 100')).toBeInTheDocument();
    expect(within(drawer).getByText('Reason: Re-marked paper')).toBeInTheDocument();
    expect(within(drawer).getByText('Recorded 76 / 100')).toBeInTheDocument();
    expect(within(drawer).getAllByText(/by 赵敏 \(admin\)/)).toHaveLength(2);
  });

  it('a dry run names each bad row and column and offers no import; a clean file is imported on request', async () => {
    const problems: ScoreImportView = {
      dryRun: true,
      rows: 3,
      changes: 1,
      unchanged: 1,
      blank: 0,
      problems: [
        { row: 4, column: 'D', message: '101 is above full marks (100).' },
        { row: 5, column: 'A', message: 'No applicant has the number 2027999999.' },
      ],
      problemsOmitted: 0,
      imported: false,
    };
    const clean: ScoreImportView = { ...problems, problems: [] };
    let replies = [problems, clean, { ...clean, dryRun: false, imported: true }];
    const calls = server({ [importUrl(true)]: () => ok(replies.shift()), [importUrl(false)]: () => ok(replies.shift()) });
    show();
    await scoreBox('2027100002', '王磊');
    choose(xlsx('bad.xlsx'));
    expect(await screen.findByText('2 problem(s) in the file')).toBeInTheDocument();
    const table = screen.getByText('101 is above full marks (100).').closest('tr')!;
    expect(within(table).getByText('4')).toBeInTheDocument();
    expect(within(table).getByText('D')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();

    choose(xlsx('good.xlsx'));
    expect(await screen.findByText('good.xlsx is clean. Nothing is imported yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 change(s)' }));
    expect(await screen.findByText('Imported 1 change(s).')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith(url('import'))).map((c) => c.url)).toEqual([importUrl(true), importUrl(true), importUrl(false)]);
    replies = [];
  });

  it('shows a refused file’s message (macros, zip bombs, too many rows) and imports nothing', async () => {
    const calls = server({ [importUrl(true)]: () => fail(400, 'The file contains macros (a macro-enabled workbook). Save it as a plain .xlsx workbook and upload it again.') });
    show();
    await scoreBox('2027100002', '王磊');
    choose(xlsx('macro.xlsm'));
    expect(await screen.findByText(/The file contains macros/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === importUrl(false))).toHaveLength(0);
  });

  it('offers a role denied the import the template, but no upload', async () => {
    sessionStore.set({ permissions: [] });
    server();
    show();
    expect(await screen.findByRole('button', { name: 'Download template' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload and check' })).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('shows each programme’s weights as a formula, refuses weights not adding up to 100, and computes final scores', async () => {
    const calls = server({
      [url('saveWeights')]: () => ok(WEIGHTS),
      [url('computeFinal')]: () => ok({ computed: 12, unchanged: 3, skipped: [{ applicantNumber: '2027100031', name: '李子涵', reason: 'missing', missing: ['assessment'] }] }),
    });
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Final score weights' }));
    expect(await screen.findByText('Final = 30% × Material review + 70% × Comprehensive assessment')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit the weights of Economics' }));
    const dialog = await screen.findByRole('dialog');
    const field = (name: string) => within(dialog).getByRole('spinbutton', { name });
    fireEvent.change(field('Material review'), { target: { value: '40' } });
    fireEvent.change(field('Comprehensive assessment'), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The weights add up to 90%; they must add up to 100%.')).toBeInTheDocument();
    expect(bodies(calls, 'saveWeights')).toHaveLength(0);
    fireEvent.change(field('Comprehensive assessment'), { target: { value: '60' } });
    expect(within(dialog).getByText('Final = 40% × Material review + 60% × Comprehensive assessment')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(calls, 'saveWeights')).toEqual([{ area: 'doctor', recruitYear: '2027', programmeId: 2, weights: [{ kind: 'material', weight: 40 }, { kind: 'assessment', weight: 60 }] }]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Compute final scores' }));
    await screen.findAllByText('Compute the final scores of 2027?');
    const ask = (await screen.findAllByRole('dialog')).at(-1)!;
    fireEvent.click(within(ask).getByRole('button', { name: 'Compute final scores' }));
    expect(await screen.findByText('12 computed, 3 already up to date, 1 left out.')).toBeInTheDocument();
    expect(screen.getByText('2027100031 李子涵: missing Comprehensive assessment')).toBeInTheDocument();
  });
});
