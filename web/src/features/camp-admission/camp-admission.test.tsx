import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ApplicationFilterOptionsView } from '@gradus/contract/api/staff';
import type { CampAdmissionBoardView, CampCandidateView, CampPlaceView } from '@gradus/contract/api/staff-camp-admission';
import type { CampCatalogueView } from '@gradus/contract/summer-camp/form';
import { currentLocation, Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call, type MockReply } from '@/test/api';
import CampAdmissionPage from './pages/CampAdmissionPage';

const url = (call: string) => `/mucgrs-service/staff/campAdmission/${call}`;
const OPTIONS = '/mucgrs-service/staff/applications/options';
const CATALOGUE = '/mucgrs-service/staff/applications/catalogue';

const OPTION_DATA: ApplicationFilterOptionsView = { recruitYears: ['2027'], currentYear: '2027', departments: [], programmes: [] };
const CATALOGUE_DATA: CampCatalogueView = {
  camps: [
    {
      id: 1,
      nameZh: '2027 计算机夏令营',
      nameEn: 'Computing Summer Camp 2027',
      startsOn: '2027-07-10',
      endsOn: '2027-07-14',
      mode: 'onsite',
      placeZh: '北京',
      placeEn: 'Beijing',
      applyOpensAt: '2027-05-01T00:00:00.000Z',
      applyClosesAt: '2027-06-15T00:00:00.000Z',
      open: false,
      programmes: [
        { id: 11, code: 'P11', nameZh: '计算机科学', nameEn: 'Computer Science', department: { nameZh: '计算机学院', nameEn: 'School of Computer Science' }, capacity: 3, directions: [] },
        { id: 12, code: 'P12', nameZh: '软件工程', nameEn: 'Software Engineering', department: { nameZh: '计算机学院', nameEn: 'School of Computer Science' }, capacity: 2, directions: [] },
      ],
    },
  ],
};

const place = (status: CampPlaceView['status'], patch: Partial<CampPlaceView> = {}): CampPlaceView => ({
  programmeId: 11,
  status,
  waitlistPosition: null,
  confirmBy: null,
  offeredAt: '2027-06-20T02:00:00.000Z',
  answeredAt: null,
  result: null,
  ...patch,
});
const candidate = (i: number, name: string, patch: Partial<CampCandidateView> = {}): CampCandidateView => ({
  applicationId: 700 + i,
  applicantNumber: `202730000${i}`,
  name,
  choice: 1,
  school: { code: null, name: null },
  major: '计算机科学',
  gpa: 3.5,
  gpaScale: '4',
  rank: i,
  cohortSize: 120,
  submittedAt: '2027-06-01T02:00:00.000Z',
  place: null,
  ...patch,
});
const LI_NA = candidate(1, '李娜', { school: { code: '10001', name: null }, gpa: 3.82, rank: 5 });
const ZHOU_JIE = candidate(2, '周杰', { choice: 2, school: { code: null, name: 'Harbin Institute of Technology' }, rank: 9 });
const CHEN_CHEN = candidate(3, '陈晨', { place: place('offered', { confirmBy: '2027-06-25T09:00:00.000Z' }), rank: 2 });
const WANG_FANG = candidate(4, '王芳', { place: place('waitlisted', { waitlistPosition: 1, offeredAt: null }), rank: 12 });
const ZHAO_LEI = candidate(5, '赵磊', { place: place('confirmed', { programmeId: 12 }), rank: 3 });

interface BoardOptions {
  ratesCampers?: boolean;
  results?: CampAdmissionBoardView['results'];
}
const board = (candidates: CampCandidateView[], counts: Partial<CampAdmissionBoardView['counts']> = {}, { ratesCampers = true, results = { open: false, released: false } }: BoardOptions = {}): CampAdmissionBoardView => ({
  recruitYear: '2027',
  camp: { id: 1, nameZh: '2027 计算机夏令营', nameEn: 'Computing Summer Camp 2027', startsOn: '2027-07-10', endsOn: '2027-07-14', confirmClosesAt: '2027-06-25T09:00:00.000Z', waitlistConfirmHours: 48, ratesCampers },
  results,
  programme: { id: 11, code: 'P11', nameZh: '计算机科学', nameEn: 'Computer Science', capacity: 3 },
  counts: { offered: 1, confirmed: 0, declined: 0, expired: 0, waitlisted: 1, free: 2, ...counts },
  candidates,
});
/** Best rank first, as the server orders them. */
const BOARD = board([LI_NA, CHEN_CHEN, ZHAO_LEI, ZHOU_JIE, WANG_FANG]);

function server(routes: Partial<Record<'board' | 'admit' | 'waitlist' | 'withdraw' | 'recordResults', (body: unknown) => MockReply>> = {}): Call[] {
  return mockApi({
    [OPTIONS]: () => ok(OPTION_DATA),
    [CATALOGUE]: () => ok(CATALOGUE_DATA),
    [url('board')]: routes.board ?? (() => ok(BOARD)),
    ...Object.fromEntries(Object.entries(routes).filter(([call]) => call !== 'board').map(([call, handler]) => [url(call), handler])),
  });
}
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);
const show = (path = '/admissions/campAdmission?programmeId=11') =>
  render(
    <Wrapper path={path}>
      <CampAdmissionPage />
    </Wrapper>,
  );
const rowOf = async (number: string) => (await screen.findByRole('link', { name: number })).closest('tr')!;
const tick = async (name: string) => fireEvent.click(await screen.findByRole('checkbox', { name: `Select ${name}` }));

describe('camp admission', () => {
  it('shows the chosen programme’s places and its candidates with where each stands', async () => {
    const calls = server();
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Camp admission' })).toBeInTheDocument();
    const liNa = await rowOf('2027300001');
    expect(within(liNa).getByText('Peking University')).toBeInTheDocument();
    expect(within(liNa).getByText('3.82 / 4')).toBeInTheDocument();
    expect(within(liNa).getByText('5 / 120')).toBeInTheDocument();
    expect(within(liNa).getByText('1st choice')).toBeInTheDocument();
    expect(within(liNa).getByText('No place yet')).toBeInTheDocument();
    expect(within(liNa).getByRole('link', { name: '2027300001' })).toHaveAttribute('href', '/admissions/file?id=701');
    const zhouJie = await rowOf('2027300002');
    expect(within(zhouJie).getByText('Harbin Institute of Technology')).toBeInTheDocument();
    expect(within(zhouJie).getByText('2nd choice')).toBeInTheDocument();
    const chenChen = await rowOf('2027300003');
    expect(within(chenChen).getByText('Offered')).toBeInTheDocument();
    expect(within(chenChen).getByText(/^Confirm by /)).toBeInTheDocument();
    expect(within(chenChen).getByRole('button', { name: 'Withdraw 陈晨 (2027300003)' })).toBeInTheDocument();
    const zhaoLei = await rowOf('2027300005');
    expect(within(zhaoLei).getByText('Place in another programme')).toBeInTheDocument();
    expect(within(zhaoLei).queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
    const wangFang = await rowOf('2027300004');
    expect(within(wangFang).getByText('On the waiting list')).toBeInTheDocument();
    expect(within(wangFang).getByText('No. 1 on the list')).toBeInTheDocument();
    // Only campers without a place can be chosen.
    expect(screen.getByRole('checkbox', { name: 'Select 李娜 (2027300001)' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Select 陈晨 (2027300003)' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select 赵磊 (2027300005)' })).toBeDisabled();
    // The table lists them in the server's order.
    const numbers = within(liNa.closest('table')!).getAllByRole('link').map((a) => a.textContent);
    expect(numbers).toEqual(['2027300001', '2027300003', '2027300005', '2027300002', '2027300004']);
    expect(screen.getByText('Places left: 2')).toBeInTheDocument();
    const waiting = screen.getByRole('list', { name: 'Waiting list' });
    expect(within(waiting).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['王芳 (2027300004)']);
    expect(bodies(calls, 'board')).toEqual([{ programmeId: 11, recruitYear: '2027' }]);
  });

  it('keeps the programme chosen in the picker in the address and loads its board', async () => {
    const calls = server();
    show('/admissions/campAdmission');
    expect(await screen.findByText('Choose a programme to see its places and candidates.')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Programme' }));
    fireEvent.click(await screen.findByTitle('Computing Summer Camp 2027 — Computer Science (3 places)'));
    await waitFor(() => expect(currentLocation()).toBe('/admissions/campAdmission?programmeId=11'));
    expect(await rowOf('2027300001')).toBeInTheDocument();
    expect(bodies(calls, 'board')).toEqual([{ programmeId: 11, recruitYear: '2027' }]);
    expect(calls.find((c) => c.url === CATALOGUE)?.body).toEqual({ area: 'summerCamp', recruitYear: '2027' });
  });

  it('admits the selected campers in the order shown and shows the board the server returns', async () => {
    const after = board([{ ...LI_NA, place: place('offered', { confirmBy: '2027-06-25T09:00:00.000Z' }) }, CHEN_CHEN, ZHAO_LEI, { ...ZHOU_JIE, place: place('offered') }, WANG_FANG], { offered: 3, free: 0 });
    const calls = server({ admit: () => ok(after) });
    show();
    await tick('周杰 (2027300002)');
    await tick('李娜 (2027300001)');
    fireEvent.click(screen.getByRole('button', { name: 'Admit selected (2)' }));
    await waitFor(() => expect(bodies(calls, 'admit')).toEqual([{ programmeId: 11, applicationIds: [701, 702] }]));
    expect(await screen.findByText('Places offered: 2.')).toBeInTheDocument();
    expect(await within(await rowOf('2027300001')).findByText('Offered')).toBeInTheDocument();
    expect(screen.getByText('Places left: 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Admit selected (0)' })).toBeDisabled();
    // The returned board is shown as it is: no second reading.
    expect(bodies(calls, 'board')).toHaveLength(1);
  });

  it('does not admit more campers than there are free places', async () => {
    const calls = server({ board: () => ok(board([LI_NA, ZHOU_JIE], { free: 1 })) });
    show();
    await tick('李娜 (2027300001)');
    expect(screen.getByRole('button', { name: 'Admit selected (1)' })).toBeEnabled();
    await tick('周杰 (2027300002)');
    const admit = screen.getByRole('button', { name: 'Admit selected (2)' });
    expect(admit).toBeDisabled();
    expect(admit).toHaveAccessibleDescription('Places left: 1. Select no more campers than that to admit them.');
    expect(screen.getByRole('button', { name: 'Add to waiting list (2)' })).toBeEnabled();
    fireEvent.click(admit);
    expect(bodies(calls, 'admit')).toHaveLength(0);
  });

  it('adds the selected campers to the waiting list in the order shown, not the order ticked', async () => {
    const after = board([LI_NA, CHEN_CHEN, ZHAO_LEI, { ...ZHOU_JIE, place: place('waitlisted', { waitlistPosition: 2 }) }, WANG_FANG], { waitlisted: 2 });
    const calls = server({ board: () => ok(board([LI_NA, CHEN_CHEN, ZHAO_LEI, ZHOU_JIE, WANG_FANG], { free: 0 })), waitlist: () => ok(after) });
    show();
    await tick('周杰 (2027300002)');
    await tick('李娜 (2027300001)');
    fireEvent.click(screen.getByRole('button', { name: 'Add to waiting list (2)' }));
    await waitFor(() => expect(bodies(calls, 'waitlist')).toEqual([{ programmeId: 11, applicationIds: [701, 702] }]));
    expect(await screen.findByText('Added to the waiting list: 2.')).toBeInTheDocument();
    const waiting = screen.getByRole('list', { name: 'Waiting list' });
    await waitFor(() => expect(within(waiting).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['王芳 (2027300004)', '周杰 (2027300002)']));
  });

  it('shows a refusal, changes nothing it shows, and reads the board again (it may be out of date)', async () => {
    const calls = server({ admit: () => fail(409, 'Computer Science has 2 free places.') });
    show();
    await tick('李娜 (2027300001)');
    fireEvent.click(screen.getByRole('button', { name: 'Admit selected (1)' }));
    expect(await screen.findByText('Computer Science has 2 free places.')).toBeInTheDocument();
    expect(bodies(calls, 'admit')).toHaveLength(1);
    expect(screen.queryByText('Places offered: 1.')).not.toBeInTheDocument();
    const liNa = await rowOf('2027300001');
    expect(within(liNa).getByText('No place yet')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select 李娜 (2027300001)' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Admit selected (1)' })).toBeEnabled();
    expect(screen.getByText('Places left: 2')).toBeInTheDocument();
    await waitFor(() => expect(bodies(calls, 'board')).toHaveLength(2));
  });

  it('withdraws an offer only after the office confirms the withdrawal', async () => {
    const after = board([LI_NA, { ...CHEN_CHEN, place: null }, ZHAO_LEI, ZHOU_JIE, WANG_FANG], { offered: 0, free: 3 });
    const calls = server({ withdraw: () => ok(after) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw 陈晨 (2027300003)' }));
    const confirm = (await screen.findByText('Take back the place offered to 陈晨 (2027300003)?')).closest<HTMLElement>('.ant-popover')!;
    expect(bodies(calls, 'withdraw')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(bodies(calls, 'withdraw')).toEqual([{ programmeId: 11, applicationId: 703 }]));
    expect(await screen.findByText('Withdrawn: 陈晨 (2027300003).')).toBeInTheDocument();
    expect(await within(await rowOf('2027300003')).findByText('No place yet')).toBeInTheDocument();
  });
});

describe('camp results', () => {
  const RECORDED_AT = '2027-07-14T09:00:00.000Z';
  const confirmed = (patch: Partial<CampPlaceView> = {}) => place('confirmed', { answeredAt: '2027-06-21T02:00:00.000Z', ...patch });
  const LI = { ...LI_NA, place: confirmed() };
  const ZHOU = { ...ZHOU_JIE, place: confirmed() };
  const CHEN = { ...CHEN_CHEN, place: confirmed({ result: { attendance: 'attended', rating: 'passed', recordedAt: RECORDED_AT } }) };
  const OPEN = { results: { open: true, released: false } };
  const campers = [LI, CHEN, ZHAO_LEI, ZHOU];
  const group = (label: string) => screen.findByRole('radiogroup', { name: label });
  const pick = async (label: string, option: string) => fireEvent.click(within(await group(label)).getByRole('radio', { name: option }));
  const rowOfGroup = async (label: string) => (await group(label)).closest('tr')!;
  const resultsCard = async () => (await screen.findByRole('heading', { name: 'Camp results' })).closest<HTMLElement>('.ant-card')!;

  it('records attendance and ratings of the rows changed, in one call, and shows them as recorded', async () => {
    const after = board(
      [
        { ...LI, place: confirmed({ result: { attendance: 'attended', rating: 'outstanding', recordedAt: RECORDED_AT } }) },
        CHEN,
        ZHAO_LEI,
        { ...ZHOU, place: confirmed({ result: { attendance: 'absent', rating: null, recordedAt: RECORDED_AT } }) },
      ],
      {},
      OPEN,
    );
    const calls = server({ board: () => ok(board(campers, {}, OPEN)), recordResults: () => ok(after) });
    show();
    const card = await resultsCard();
    // A camper confirmed in another programme has no result here.
    expect(within(card).queryByText('赵磊')).toBeNull();
    expect(within(card).getByText('Recorded: 1 of 3')).toBeInTheDocument();
    // The recorded result is shown with when, and its controls start from it.
    const chen = await rowOfGroup('Attendance of 陈晨 (2027300003)');
    expect(chen).toHaveTextContent(/Recorded Jul 14, 2027/);
    expect(within(await group('Rating of 陈晨 (2027300003)')).getByRole('radio', { name: 'Passed' })).toBeChecked();
    const save = within(card).getByRole('button', { name: 'Save results (0)' });
    expect(save).toBeDisabled();

    await pick('Attendance of 李娜 (2027300001)', 'Attended');
    await pick('Rating of 李娜 (2027300001)', 'Outstanding camper');
    await pick('Attendance of 周杰 (2027300002)', 'Absent');
    // An absent camper is not rated.
    for (const radio of within(await group('Rating of 周杰 (2027300002)')).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(await rowOfGroup('Attendance of 周杰 (2027300002)')).toHaveTextContent('Changed, not saved');
    fireEvent.click(within(card).getByRole('button', { name: 'Save results (2)' }));

    await waitFor(() =>
      expect(bodies(calls, 'recordResults')).toEqual([
        {
          programmeId: 11,
          results: [
            { applicationId: 701, attendance: 'attended', rating: 'outstanding' },
            { applicationId: 702, attendance: 'absent', rating: null },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Results saved: 2.')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('Recorded: 3 of 3')).toBeInTheDocument());
    const liNa = await rowOfGroup('Attendance of 李娜 (2027300001)');
    expect(within(liNa).getByText('Outstanding camper', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(liNa).not.toHaveTextContent('Changed, not saved');
    expect(within(await rowOfGroup('Attendance of 周杰 (2027300002)')).getByText('Absent', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Save results (0)' })).toBeDisabled();
  });

  it('in a camp that rates nobody, records attendance only', async () => {
    const calls = server({ board: () => ok(board([LI], {}, { ...OPEN, ratesCampers: false })), recordResults: () => ok(board([LI], {}, { ...OPEN, ratesCampers: false })) });
    show();
    const card = await resultsCard();
    expect(within(card).getByText(/This camp is an activity only and rates nobody/)).toBeInTheDocument();
    expect(within(card).queryByRole('radiogroup', { name: /^Rating of/ })).toBeNull();
    await pick('Attendance of 李娜 (2027300001)', 'Attended');
    fireEvent.click(within(card).getByRole('button', { name: 'Save results (1)' }));
    await waitFor(() => expect(bodies(calls, 'recordResults')).toEqual([{ programmeId: 11, results: [{ applicationId: 701, attendance: 'attended', rating: null }] }]));
  });

  it('does not send an attended camper of a rating camp without a rating, and says who', async () => {
    const calls = server({ board: () => ok(board(campers, {}, OPEN)), recordResults: () => ok(board(campers, {}, OPEN)) });
    show();
    const card = await resultsCard();
    await pick('Attendance of 李娜 (2027300001)', 'Attended');
    await pick('Attendance of 周杰 (2027300002)', 'Attended');
    await pick('Rating of 周杰 (2027300002)', 'Passed');
    fireEvent.click(within(card).getByRole('button', { name: 'Save results (2)' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Nothing was saved. Choose outstanding camper or passed for each camper who attended: 李娜 (2027300001).');
    expect(await group('Rating of 李娜 (2027300001)')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies(calls, 'recordResults')).toHaveLength(0);
    // Choosing the rating clears the message; the save then goes.
    await pick('Rating of 李娜 (2027300001)', 'Passed');
    expect(within(card).queryByRole('alert')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Save results (2)' }));
    await waitFor(() =>
      expect(bodies(calls, 'recordResults')).toEqual([
        {
          programmeId: 11,
          results: [
            { applicationId: 701, attendance: 'attended', rating: 'passed' },
            { applicationId: 702, attendance: 'attended', rating: 'passed' },
          ],
        },
      ]),
    );
  });

  it('says plainly when results cannot be recorded yet, with the camp’s first day', async () => {
    server({ board: () => ok(board(campers)) });
    show();
    const card = await resultsCard();
    expect(within(card).getByText('Results cannot be recorded yet: they can be recorded from the camp’s first day, July 10, 2027.')).toBeInTheDocument();
    expect(within(card).queryAllByRole('radiogroup')).toHaveLength(0);
    expect(within(card).queryByRole('button', { name: /^Save results/ })).toBeNull();
    expect(within(card).getByText('Recorded: 1 of 3')).toBeInTheDocument();
  });

  it('shows released results read-only and where to withdraw the release', async () => {
    server({ board: () => ok(board(campers, {}, { results: { open: false, released: true } })) });
    show();
    const card = await resultsCard();
    expect(within(card).getByText('This year’s camp results are released, so they can only be read here. To change them, withdraw the release on the Releases page.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Go to the Releases page' })).toHaveAttribute('href', '/admissions/releases?cycle=summerCamp');
    expect(within(card).queryAllByRole('radiogroup')).toHaveLength(0);
    expect(within(card).queryByRole('button', { name: /^Save results/ })).toBeNull();
    const chen = within(card).getByText('陈晨').closest('tr')!;
    expect(within(chen).getByText('Passed', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(chen).toHaveTextContent(/Recorded Jul 14, 2027/);
    expect(within(card).getByText('李娜').closest('tr')).toHaveTextContent('2027300001Not recorded yet');
  });

  it('shows the server’s refusal, keeps the choices made and reads the board again', async () => {
    const refusal = 'This year’s camp results have been released: withdraw the release before changing them.';
    const calls = server({ board: () => ok(board(campers, {}, OPEN)), recordResults: () => fail(409, refusal) });
    show();
    const card = await resultsCard();
    await pick('Attendance of 周杰 (2027300002)', 'Absent');
    fireEvent.click(within(card).getByRole('button', { name: 'Save results (1)' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(bodies(calls, 'recordResults')).toHaveLength(1);
    expect(screen.queryByText('Results saved: 1.')).toBeNull();
    await waitFor(() => expect(bodies(calls, 'board')).toHaveLength(2));
    expect(within(await group('Attendance of 周杰 (2027300002)')).getByRole('radio', { name: 'Absent' })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Save results (1)' })).toBeEnabled();
  });
});
