import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CampListView, CampView } from '@gradus/contract/api/staff-camps';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call } from '@/test/api';
import CampsPage from './pages/CampsPage';

const url = (call: string) => `/mucgrs-service/staff/camps/${call}`;
const CAMP: CampView = {
  id: 5,
  version: 3,
  recruitYear: '2027',
  nameZh: '计算机学院夏令营',
  nameEn: 'Computer Science Summer Camp',
  department: { id: 1, nameZh: '计算机学院', nameEn: 'School of Computer Science' },
  startsOn: '2027-07-10',
  endsOn: '2027-07-14',
  mode: 'onsite',
  placeZh: '理科一号楼',
  placeEn: 'Science Building 1',
  applyOpensAt: '2027-05-01T01:00:00.000Z',
  applyClosesAt: '2027-06-10T09:00:00.000Z',
  confirmClosesAt: '2027-06-25T09:00:00.000Z',
  waitlistConfirmHours: 48,
  ratesCampers: true,
  declineUndoable: false,
  programmes: [
    { programmeId: 11, code: '081200', nameZh: '计算机科学与技术', nameEn: 'Computer Science and Technology', capacity: 20 },
    { programmeId: 12, code: '083500', nameZh: '软件工程', nameEn: 'Software Engineering', capacity: 15 },
  ],
  places: 35,
  updatedAt: '2027-04-01T00:00:00.000Z',
};
const LIST: CampListView = {
  recruitYear: '2027',
  recruitYears: ['2027', '2026'],
  camps: [CAMP],
  options: {
    departments: [
      { id: 1, code: '001', nameZh: '计算机学院', nameEn: 'School of Computer Science' },
      { id: 2, code: '002', nameZh: '数学学院', nameEn: 'School of Mathematics' },
    ],
    programmes: [
      { id: 11, departmentId: 1, code: '081200', nameZh: '计算机科学与技术', nameEn: 'Computer Science and Technology', degree: 'master' },
      { id: 12, departmentId: 1, code: '083500', nameZh: '软件工程', nameEn: 'Software Engineering', degree: 'master' },
      { id: 21, departmentId: 2, code: '070100', nameZh: '数学', nameEn: 'Mathematics', degree: 'doctor' },
    ],
  },
};
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);
const show = () => render(<Wrapper path="/admissions/camps"><CampsPage /></Wrapper>);

async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label }));
  const matches = await screen.findAllByTitle(option);
  // The last list opened is the last in the document (an earlier one stays, hidden).
  fireEvent.click(matches.filter((el) => el.classList.contains('ant-select-item-option')).at(-1) ?? matches.at(-1)!);
}
const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

async function openNew() {
  await screen.findByText('Camps 2027');
  fireEvent.click(await screen.findByRole('button', { name: 'New camp' }));
  return (await screen.findByText('New summer camp 2027')).closest<HTMLElement>('[role="dialog"]')!;
}

/** Everything but the programmes, filled in as a valid camp on site of the School of Computer Science. */
async function fillCamp(dialog: HTMLElement) {
  type(dialog, 'Name in Chinese', '软件学院夏令营');
  type(dialog, 'Name in English', 'Software Summer Camp');
  await choose(dialog, 'School', 'School of Computer Science');
  type(dialog, 'First day', '2027-07-10');
  type(dialog, 'Last day', '2027-07-14');
  type(dialog, 'Place in Chinese', '主楼');
  type(dialog, 'Place in English', 'Main Building');
  type(dialog, 'Applications open (Beijing time)', '2027-06-01T09:00');
  type(dialog, 'Applications close (Beijing time)', '2027-06-20T17:00');
  type(dialog, 'Confirm by (Beijing time)', '2027-07-01T17:00');
}

describe('summer camps page', () => {
  it('lists the year’s camps with their school, places and kind, and shows another year on request', async () => {
    const calls = mockApi({ [url('list')]: (body) => ok((body as { recruitYear?: string }).recruitYear === '2026' ? { ...LIST, recruitYear: '2026', camps: [] } : LIST) });
    show();
    expect(await screen.findByText('Camps 2027')).toBeInTheDocument();
    const camp = screen.getByRole('heading', { name: 'Computer Science Summer Camp' }).closest<HTMLElement>('.ant-card')!;
    expect(within(camp).getByText('School of Computer Science')).toBeInTheDocument();
    expect(within(camp).getByText('On site')).toBeInTheDocument();
    expect(within(camp).getByText('Science Building 1')).toBeInTheDocument();
    expect(within(camp).getByText('35')).toBeInTheDocument();
    expect(within(camp).getByText('Software Engineering: 15')).toBeInTheDocument();
    expect(within(camp).getByText('Rates campers')).toBeInTheDocument();
    expect(within(camp).getByRole('button', { name: 'Edit Computer Science Summer Camp' })).toHaveTextContent('Edit');
    expect(within(camp).getByRole('button', { name: 'Delete Computer Science Summer Camp' })).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Year shown' }));
    fireEvent.click((await screen.findAllByTitle('2026')).find((el) => el.classList.contains('ant-select-item-option'))!);
    expect(await screen.findByText('No camps for 2026 yet.')).toBeInTheDocument();
    expect(bodies(calls, 'list')).toEqual([{}, { recruitYear: '2026' }]);
  });

  it('creates a camp with two programmes, sending its moments as Beijing time', async () => {
    const calls = mockApi({ [url('list')]: () => ok(LIST), [url('save')]: () => ok({ id: 6 }) });
    show();
    const dialog = await openNew();
    await fillCamp(dialog);
    // Only the chosen school's programmes are offered.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Programme 1' }));
    expect(screen.queryByTitle('070100 Mathematics')).toBeNull();
    await choose(dialog, 'Programme 1', '081200 Computer Science and Technology');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a programme' }));
    await choose(dialog, 'Programme 2', '083500 Software Engineering');
    type(dialog, 'Places for programme 2', '15');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(calls, 'save')).toEqual([
        {
          recruitYear: '2027',
          nameZh: '软件学院夏令营',
          nameEn: 'Software Summer Camp',
          departmentId: 1,
          startsOn: '2027-07-10',
          endsOn: '2027-07-14',
          mode: 'onsite',
          placeZh: '主楼',
          placeEn: 'Main Building',
          applyOpensAt: '2027-06-01T09:00:00+08:00',
          applyClosesAt: '2027-06-20T17:00:00+08:00',
          confirmClosesAt: '2027-07-01T17:00:00+08:00',
          waitlistConfirmHours: 48,
          ratesCampers: true,
          declineUndoable: false,
          programmes: [
            { programmeId: 11, capacity: 20 },
            { programmeId: 12, capacity: 15 },
          ],
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('New summer camp 2027')).toBeNull());
  });

  it('refuses a last day before the first, a camp on site without a place and no places, sending nothing', async () => {
    const calls = mockApi({ [url('list')]: () => ok(LIST), [url('save')]: () => ok({ id: 6 }) });
    show();
    const dialog = await openNew();
    await fillCamp(dialog);
    type(dialog, 'Last day', '2027-07-01');
    type(dialog, 'Place in Chinese', '');
    await choose(dialog, 'Programme 1', '081200 Computer Science and Technology');
    type(dialog, 'Places for programme 1', '0');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The last day cannot be before the first day.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter where the camp takes place, in Chinese and in English.')).toBeInTheDocument();
    expect(within(dialog).getByText('Places for programme 1: a whole number from 1 to 500.')).toBeInTheDocument();
    expect(bodies(calls, 'save')).toHaveLength(0);
    // Fixed, the message goes, and the camp is sent.
    type(dialog, 'Last day', '2027-07-14');
    await waitFor(() => expect(within(dialog).queryByText('The last day cannot be before the first day.')).toBeNull());
    type(dialog, 'Place in Chinese', '主楼');
    type(dialog, 'Places for programme 1', '30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(calls, 'save')).toMatchObject([{ endsOn: '2027-07-14', placeZh: '主楼', programmes: [{ programmeId: 11, capacity: 30 }] }]));
  });

  it('saves a change with the version read, and shows the server’s refusal when the camp changed meanwhile', async () => {
    const calls = mockApi({ [url('list')]: () => ok(LIST), [url('save')]: () => fail(409, 'Someone changed this camp meanwhile; it has been reloaded.') });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Computer Science Summer Camp' }));
    const dialog = (await screen.findByText('Edit Computer Science Summer Camp', { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByLabelText('Applications open (Beijing time)')).toHaveValue('2027-05-01T09:00');
    type(dialog, 'Places for programme 1', '25');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Someone changed this camp meanwhile; it has been reloaded.')).toBeInTheDocument();
    const [sent] = bodies(calls, 'save');
    expect(sent).toMatchObject({ id: 5, version: 3, applyOpensAt: '2027-05-01T09:00:00+08:00', programmes: [{ programmeId: 11, capacity: 25 }, { programmeId: 12, capacity: 15 }] });
    // The list is fetched again after the refusal.
    await waitFor(() => expect(bodies(calls, 'list').length).toBeGreaterThan(1));
  });

  it('deletes a camp with its version only once confirmed', async () => {
    const calls = mockApi({ [url('list')]: () => ok(LIST), [url('delete')]: () => ok(null) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Computer Science Summer Camp' }));
    const confirm = (await screen.findByText('Delete the camp Computer Science Summer Camp?', { selector: '.ant-modal-confirm-title' })).closest<HTMLElement>('.ant-modal')!;
    expect(bodies(calls, 'delete')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodies(calls, 'delete')).toEqual([{ id: 5, version: 3 }]));
  });
});
