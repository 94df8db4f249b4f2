import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ApplicationFilterOptionsView, ApplicationListRow } from '@gradus/contract/api/staff';
import type { ApplicationListPage } from '@gradus/contract/api/staff-batch';
import type { ApplicationFileView, FileAbilities } from '@gradus/contract/api/staff-file';
import type { CampCatalogueView, CampFormDetailView } from '@gradus/contract/summer-camp/form';
import { DEFAULT_PHOTO_RULES } from '@gradus/contract/doctor/materials';
import { sessionStore } from '@/lib/session';
import { Wrapper } from '@/test/render';
import { mockApi, ok, type Call } from '@/test/api';
import CampReviewPage from './pages/CampReviewPage';
import ApplicationFilePage from './pages/ApplicationFilePage';
import ApplicationsPage from './pages/ApplicationsPage';

const LIST = '/mucgrs-service/staff/applications/list';
const OPTIONS = '/mucgrs-service/staff/applications/options';
const DECIDE = '/mucgrs-service/staff/applications/decide';
const RETURN = '/mucgrs-service/staff/applications/return';
const FILE = '/mucgrs-service/staff/applications/file';
const CATALOGUE = '/mucgrs-service/staff/applications/catalogue';

const CS = { id: 11, code: 'CS-MS-081200', nameZh: '计算机科学与技术', nameEn: 'Computer Science and Technology' };
const OPTION_DATA: ApplicationFilterOptionsView = { recruitYears: ['2027'], currentYear: '2027', departments: [{ id: 1, nameZh: '计算机学院', nameEn: 'School of Computer Science' }], programmes: [{ ...CS, departmentId: 1 }] };
const camper = (i: number, patch: Partial<ApplicationListRow> = {}): ApplicationListRow => ({
  applicationId: 700 + i,
  applicantUserId: 300 + i,
  applicantNumber: `202730000${i}`,
  name: ['李娜', '周杰', '陈晨'][i % 3]!,
  area: 'summerCamp',
  recruitYear: '2027',
  registerType: 3,
  department: { id: 1, nameZh: '计算机学院', nameEn: 'School of Computer Science' },
  programme: CS,
  formStatus: 'submitted',
  savedAt: '2026-11-01T02:00:00.000Z',
  submittedAt: '2026-11-01T02:00:00.000Z',
  paid: false,
  photo: 'approved',
  qualification: 'pending',
  departmentReview: 'pending',
  ...patch,
});

/** A list that answers each queue with the rows in it, counting them as the server does; decisions are recorded. */
function server(rows: ApplicationListRow[]): Call[] {
  return mockApi({
    [OPTIONS]: () => ok(OPTION_DATA),
    [LIST]: (body) => {
      const b = body as { departmentReview?: string; qualification?: string; pageNum?: number; pageSize?: number };
      const matching = rows.filter((r) => (!b.departmentReview || r.departmentReview === b.departmentReview) && (!b.qualification || r.qualification === b.qualification));
      const page: ApplicationListPage = { total: matching.length, totalCapped: false, pageNum: b.pageNum ?? 1, pageSize: b.pageSize ?? 20, rows: matching, allowed: { decide: true, returnForm: true, assign: false } };
      return ok(page);
    },
    [DECIDE]: () => ok(null),
    [RETURN]: () => ok({ returnedUntil: '2027-06-30T15:59:59.000Z' }),
  });
}
const bodies = (calls: Call[], url: string) => calls.filter((c) => c.url === url).map((c) => c.body as Record<string, unknown>);
const signedInAs = (role: 'zs_admin' | 'zs_dept') => sessionStore.set({ user: { userId: role === 'zs_admin' ? 1 : 2 } as never, roles: [role] });
const showReview = (path = '/admissions/campApplications') =>
  render(
    <Wrapper path={path}>
      <CampReviewPage />
    </Wrapper>,
  );

afterEach(() => sessionStore.set({ user: null, roles: [] }));

describe('the summer camp review', () => {
  it("lists the year's submitted camp forms waiting for the school, oldest first, with each queue's exact size and no fee filter", async () => {
    signedInAs('zs_dept');
    const calls = server([camper(1), camper(2), camper(3, { departmentReview: 'pass' })]);
    showReview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer-camp applications' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('2027300001')).toBeInTheDocument();
    expect(within(table).getByText('2027300002')).toBeInTheDocument();
    expect(within(table).queryByText('2027300003')).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'First-choice programme' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'To review (2)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Passed by the school (1)' })).toBeInTheDocument();
    const shown = bodies(calls, LIST).find((b) => b.pageSize === 20)!;
    expect(shown).toMatchObject({ area: 'summerCamp', recruitYear: '2027', formStatus: 'submitted', departmentReview: 'pending', sortField: 'submittedAt', sortOrder: 'ascend' });
    expect(shown).not.toHaveProperty('payment');
    expect(bodies(calls, LIST).filter((b) => b.exactTotal === true)).toHaveLength(3);
  });

  it("sends the secretary's pass as the school's decision, and shows them the graduate school's step without buttons", async () => {
    signedInAs('zs_dept');
    const calls = server([camper(1), camper(2, { departmentReview: 'pass' })]);
    showReview();
    const row = (await screen.findByText('2027300001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'School: pass' }));
    await waitFor(() => expect(bodies(calls, DECIDE)).toEqual([{ applicationId: 701, stage: 'departmentReview', outcome: 'pass' }]));

    fireEvent.click(screen.getByRole('radio', { name: 'Step 2: Graduate school decision' }));
    const passed = (await screen.findByText('2027300002')).closest('tr')!;
    // The graduate school sees only what the school passed.
    await waitFor(() => expect(bodies(calls, LIST).at(-1)).toMatchObject({ departmentReview: 'pass' }));
    expect(bodies(calls, LIST).find((b) => b.pageSize === 20 && b.qualification === 'pending')).toMatchObject({ departmentReview: 'pass' });
    expect(within(passed).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(/admissions office takes this decision/)).toBeInTheDocument();
  });

  it("fails with the school's reason, and locks the school's decision once the graduate school decided", async () => {
    signedInAs('zs_dept');
    const calls = server([camper(1), camper(2, { departmentReview: 'pass', qualification: 'pass' })]);
    showReview('/admissions/campApplications?queue=pass');
    const decided = (await screen.findByText('2027300002')).closest('tr')!;
    expect(within(decided).getByText('The graduate school has decided')).toBeInTheDocument();
    expect(within(decided).queryByRole('button')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: /^To review/ }));
    const row = (await screen.findByText('2027300001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'School: not passed' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Not passed by the school: 周杰 (2027300001)')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'The statement is not about the programme.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark not passed' }));
    await waitFor(() => expect(bodies(calls, DECIDE)).toEqual([{ applicationId: 701, stage: 'departmentReview', outcome: 'fail', reason: 'The statement is not about the programme.' }]));
  });

  it("lets the office take the graduate school's decision on what the school passed", async () => {
    signedInAs('zs_admin');
    const calls = server([camper(1, { departmentReview: 'pass' })]);
    showReview('/admissions/campApplications?step=graduate');
    const row = (await screen.findByText('2027300001')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'School: pass' })).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Eligible' }));
    await waitFor(() => expect(bodies(calls, DECIDE)).toEqual([{ applicationId: 701, stage: 'qualificationReview', outcome: 'pass' }]));
    expect(screen.getByRole('radio', { name: 'To decide (1)' })).toBeChecked();
  });
});

const catalogue: CampCatalogueView = {
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
      open: true,
      programmes: [{ id: 11, code: 'P11', nameZh: '计算机科学', nameEn: 'Computer Science', department: { nameZh: '计算机学院', nameEn: 'School of Computer Science' }, capacity: 30, directions: [] }],
    },
  ],
};
const campForm: CampFormDetailView = {
  status: 'submitted',
  version: 3,
  sections: {
    contact: { mobile: '13800138001', email: 'li.na@example.edu' },
    undergraduate: { schoolKind: 'listed', schoolCode: '10001', major: '计算机科学', entryMonth: '2023-09', graduationMonth: '2027-06' },
    choices: [{ programmeId: 11 }],
    statement: { text: 'I want to study language technology.' },
  },
  savedAt: '2026-11-01T02:00:00.000Z',
  submittedAt: '2026-11-01T02:00:00.000Z',
  reopenedSections: [],
  returnReason: null,
  returnedUntil: null,
  personal: { name: '李娜', sex: '2', idType: '1', idNumber: '110***********002X', registerNo: '2027300001', registerType: 3, recruitYear: '2027', email: 'li.na@example.edu', mobile: '13800138001' },
  submission: { opensAt: null, closesAt: '2027-06-15T00:00:00.000Z', open: true, closed: false },
  missingMaterials: [],
};
const OFFICE: FileAbilities = { revealIdNumber: false, reviewPhoto: true, returnForm: true, decide: true, decideDepartment: true };
const campFile = (patch: Partial<ApplicationFileView> = {}): ApplicationFileView => ({
  applicationId: 701,
  applicantUserId: 301,
  area: 'summerCamp',
  recruitYear: '2027',
  choice: { department: { nameZh: '计算机学院', nameEn: 'School of Computer Science' }, programme: { code: 'P11', nameZh: '计算机科学', nameEn: 'Computer Science' }, supervisor: null },
  form: campForm,
  materials: [],
  photoRules: { ...DEFAULT_PHOTO_RULES },
  decisions: [],
  orders: [],
  assignments: [],
  history: [],
  allowed: OFFICE,
  ...patch,
});
function fileServer(file: ApplicationFileView): Call[] {
  return mockApi({ [FILE]: () => ok(file), [CATALOGUE]: () => ok(catalogue), [DECIDE]: () => ok(null), [RETURN]: () => ok({ returnedUntil: '2027-06-30T15:59:59.000Z' }) });
}
const showFile = () =>
  render(
    <Wrapper path="/admissions/file?id=701">
      <ApplicationFilePage />
    </Wrapper>,
  );

describe("a camp application's file", () => {
  it("shows the camp form's own sections with the year's camps, the school's review, and no fee", async () => {
    signedInAs('zs_admin');
    const calls = fileServer(campFile());
    showFile();
    expect(await screen.findByText('Undergraduate studies')).toBeInTheDocument();
    expect(screen.getByText('Camp and programme choices')).toBeInTheDocument();
    expect(screen.getByText('Personal statement')).toBeInTheDocument();
    expect(screen.queryByText('Research plan summary')).not.toBeInTheDocument();
    expect(await screen.findByText(/Computing Summer Camp 2027/)).toBeInTheDocument();
    expect(bodies(calls, CATALOGUE)).toEqual([{ area: 'summerCamp', recruitYear: '2027' }]);
    expect(screen.getByText('School review: Not decided')).toBeInTheDocument();
    expect(screen.queryByText(/^Fee:/)).not.toBeInTheDocument();
  });

  it("offers the school's decision first, and the graduate school's only once the school passed", async () => {
    signedInAs('zs_admin');
    const calls = fileServer(campFile());
    showFile();
    expect(await screen.findByRole('button', { name: 'School: pass' })).toBeEnabled();
    const eligible = screen.getByRole('button', { name: 'Eligible' });
    expect(eligible).toBeDisabled();
    expect(eligible).toHaveAccessibleDescription('Possible once the school has passed the application.');
    fireEvent.click(screen.getByRole('button', { name: 'School: pass' }));
    await waitFor(() => expect(bodies(calls, DECIDE)).toEqual([{ applicationId: 701, stage: 'departmentReview', outcome: 'pass' }]));
  });

  it('lets the graduate school decide after the school passed it', async () => {
    signedInAs('zs_admin');
    const calls = fileServer(campFile({ decisions: [{ stage: 'departmentReview', outcome: 'pass', reason: null, decidedBy: '王老师', decidedAt: '2026-11-02T02:00:00.000Z' }] }));
    showFile();
    expect(await screen.findByText('School review: Passed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Eligible' }));
    await waitFor(() => expect(bodies(calls, DECIDE)).toEqual([{ applicationId: 701, stage: 'qualificationReview', outcome: 'pass' }]));
  });

  it("returns a camp form by the camp form's sections", async () => {
    signedInAs('zs_admin');
    const calls = fileServer(campFile());
    showFile();
    fireEvent.click(await screen.findByRole('button', { name: 'Return for correction' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: 'Undergraduate studies' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Camp and programme choices' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Education history' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Undergraduate studies' }));
    fireEvent.change(within(dialog).getByLabelText('What to correct'), { target: { value: 'Give your GPA.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return the form' }));
    await waitFor(() => expect(bodies(calls, RETURN)).toHaveLength(1));
    expect(bodies(calls, RETURN)[0]).toMatchObject({ applicationId: 701, sections: ['undergraduate'], reason: 'Give your GPA.' });
  });
});

describe('the applications list of an area the school reviews first', () => {
  it("shows the school's review as a column and a filter only for such an area, and sends the filter", async () => {
    signedInAs('zs_admin');
    const calls = server([camper(1, { departmentReview: 'fail' })]);
    const { unmount } = render(
      <Wrapper path="/admissions/applications?area=summerCamp&departmentReview=fail">
        <ApplicationsPage />
      </Wrapper>,
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'School review' })).toBeInTheDocument();
    expect(await within(table).findByText('Not passed')).toBeInTheDocument();
    await waitFor(() => expect(bodies(calls, LIST).at(-1)).toMatchObject({ area: 'summerCamp', departmentReview: 'fail' }));
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    expect(screen.getByRole('combobox', { name: 'School review' })).toBeInTheDocument();
    unmount();

    server([camper(1)]);
    render(
      <Wrapper path="/admissions/applications?area=doctor">
        <ApplicationsPage />
      </Wrapper>,
    );
    const doctoral = await screen.findByRole('table');
    await within(doctoral).findByText('2027300001');
    expect(within(doctoral).queryByRole('columnheader', { name: 'School review' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    expect(screen.queryByRole('combobox', { name: 'School review' })).not.toBeInTheDocument();
  });
});
