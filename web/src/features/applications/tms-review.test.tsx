import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ApplicationFilterOptionsView, ApplicationListRow } from '@gradus/contract/api/staff';
import type { ApplicationListPage } from '@gradus/contract/api/staff-batch';
import type { ApplicationFileView, FileAbilities } from '@gradus/contract/api/staff-file';
import { PROGRAMME_DEGREES } from '@gradus/contract/codes';
import { DEFAULT_PHOTO_RULES } from '@gradus/contract/doctor/materials';
import type { TmsCatalogueView, TmsFormDetailView } from '@gradus/contract/tuimian/form';
import { sessionStore } from '@/lib/session';
import { Wrapper } from '@/test/render';
import { mockApi, ok, type Call } from '@/test/api';
import ApplicationFilePage from './pages/ApplicationFilePage';
import TmsReviewPage from './pages/TmsReviewPage';

/** The tuimian back office (issue #11): the same two-step queue as the summer camp's, on the tuimian form. */
const LIST = '/mucgrs-service/staff/applications/list';
const OPTIONS = '/mucgrs-service/staff/applications/options';
const DECIDE = '/mucgrs-service/staff/applications/decide';
const RETURN = '/mucgrs-service/staff/applications/return';
const FILE = '/mucgrs-service/staff/applications/file';
const CATALOGUE = '/mucgrs-service/staff/applications/catalogue';

const CS = { id: 11, code: '081200', nameZh: '计算机科学与技术（硕士）', nameEn: 'Computer Science (MSc)' };
const OPTION_DATA: ApplicationFilterOptionsView = { recruitYears: ['2027'], currentYear: '2027', departments: [{ id: 1, nameZh: '计算机学院', nameEn: 'School of Computer Science' }], programmes: [{ ...CS, departmentId: 1 }] };
const applicant = (i: number, patch: Partial<ApplicationListRow> = {}): ApplicationListRow => ({
  applicationId: 800 + i,
  applicantUserId: 500 + i,
  applicantNumber: `202750000${i}`,
  name: ['王芳', '李娜', '陈晨'][i % 3]!,
  area: 'tms',
  recruitYear: '2027',
  registerType: 5,
  department: { id: 1, nameZh: '计算机学院', nameEn: 'School of Computer Science' },
  programme: CS,
  formStatus: 'submitted',
  savedAt: '2026-09-20T02:00:00.000Z',
  submittedAt: '2026-09-20T02:00:00.000Z',
  paid: false,
  photo: 'missing',
  qualification: 'pending',
  departmentReview: 'pending',
  ...patch,
});

/** A list that answers each queue with the rows in it, counting them as the server does; decisions and returns are recorded. */
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
    [RETURN]: () => ok({ returnedUntil: '2026-10-10T15:59:59.000Z' }),
  });
}
const bodies = (calls: Call[], url: string) => calls.filter((c) => c.url === url).map((c) => c.body as Record<string, unknown>);
const signedInAs = (role: 'zs_admin' | 'zs_dept') => sessionStore.set({ user: { userId: role === 'zs_admin' ? 1 : 2 } as never, roles: [role] });
const showReview = (path = '/admissions/tmsApplications') =>
  render(
    <Wrapper path={path}>
      <TmsReviewPage />
    </Wrapper>,
  );
const rowOf = async (applicantNumber: string) => (await screen.findByText(applicantNumber)).closest('tr')!;

afterEach(() => sessionStore.set({ user: null, roles: [] }));

describe('the tuimian review queue', () => {
  it("lists the year's submitted tuimian forms waiting for the school, oldest first, with who has paid", async () => {
    signedInAs('zs_dept');
    const calls = server([applicant(1, { paid: true }), applicant(2), applicant(3, { departmentReview: 'pass' })]);
    showReview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended-exempt applications' })).toBeInTheDocument();
    expect(screen.getByText(/the school of the chosen programme reviews each form first/)).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Programme' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Fee' })).toBeInTheDocument();
    expect(within(await rowOf('2027500001')).getByText('Paid')).toBeInTheDocument();
    expect(within(await rowOf('2027500002')).getByText('Not paid')).toBeInTheDocument();
    expect(within(table).queryByText('2027500003')).not.toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'To review (2)' })).toBeChecked();
    const shown = bodies(calls, LIST).find((b) => b.pageSize === 20)!;
    expect(shown).toMatchObject({ area: 'tms', recruitYear: '2027', formStatus: 'submitted', departmentReview: 'pending', sortField: 'submittedAt', sortOrder: 'ascend' });
    // The fee is shown, never a filter: the school's decision does not wait for it.
    expect(shown).not.toHaveProperty('payment');
  });

  it("sends the secretary's pass and fail as the school's decisions", async () => {
    signedInAs('zs_dept');
    const calls = server([applicant(1), applicant(2)]);
    showReview();
    fireEvent.click(within(await rowOf('2027500001')).getByRole('button', { name: 'School: pass' }));
    await waitFor(() => expect(bodies(calls, DECIDE)).toEqual([{ applicationId: 801, stage: 'departmentReview', outcome: 'pass' }]));

    fireEvent.click(within(await rowOf('2027500002')).getByRole('button', { name: 'School: not passed' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Not passed by the school: 陈晨 (2027500002)')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'The recommendation is for another university.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark not passed' }));
    await waitFor(() => expect(bodies(calls, DECIDE).at(-1)).toEqual({ applicationId: 802, stage: 'departmentReview', outcome: 'fail', reason: 'The recommendation is for another university.' }));
  });

  it("returns a tuimian form by the tuimian form's own sections", async () => {
    signedInAs('zs_dept');
    const calls = server([applicant(1)]);
    showReview();
    fireEvent.click(within(await rowOf('2027500001')).getByRole('button', { name: 'Return for correction' }));
    const dialog = await screen.findByRole('dialog');
    const offered = within(dialog)
      .getAllByRole('checkbox')
      .map((c) => c.closest('label')?.textContent);
    expect(offered).toEqual(['Contact and mailing address', 'Undergraduate studies', 'Recommendation', 'English tests', 'Research experience', 'Awards', 'Programme applied for', 'Personal statement']);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Recommendation' }));
    fireEvent.change(within(dialog).getByLabelText('What to correct'), { target: { value: 'Upload the granted recommendation.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return the form' }));
    await waitFor(() => expect(bodies(calls, RETURN)).toHaveLength(1));
    expect(bodies(calls, RETURN)[0]).toMatchObject({ applicationId: 801, sections: ['recommendation'], reason: 'Upload the granted recommendation.' });
  });

  it('lets the office decide the eligibility of what the school passed', async () => {
    signedInAs('zs_admin');
    const calls = server([applicant(1, { departmentReview: 'pass' })]);
    showReview('/admissions/tmsApplications?step=graduate');
    fireEvent.click(within(await rowOf('2027500001')).getByRole('button', { name: 'Eligible' }));
    await waitFor(() => expect(bodies(calls, DECIDE)).toEqual([{ applicationId: 801, stage: 'qualificationReview', outcome: 'pass' }]));
    expect(bodies(calls, LIST).find((b) => b.pageSize === 20)).toMatchObject({ area: 'tms', departmentReview: 'pass', qualification: 'pending' });
  });
});

type Programme = TmsCatalogueView['departments'][number]['programmes'][number];
const programme = (id: number, code: string, nameEn: string, degree: Programme['degree'], directions: Programme['directions']): Programme => ({ id, code, nameZh: nameEn, nameEn, degree, directions });
const catalogue: TmsCatalogueView = {
  departments: [
    {
      id: 1,
      code: '01',
      nameZh: '计算机学院',
      nameEn: 'School of Computer Science',
      programmes: [
        programme(11, '081200', 'Computer Science (MSc)', PROGRAMME_DEGREES.MASTER, [
          { id: 111, code: 'D1', nameZh: '自然语言处理', nameEn: 'Natural language processing', supervisors: [{ id: 1111, name: '王晓明', titleZh: '教授', titleEn: 'Professor' }] },
        ]),
      ],
    },
  ],
  // The back office's catalogue carries nobody's camp results.
  campResults: [],
};
const tmsForm: TmsFormDetailView = {
  status: 'submitted',
  version: 3,
  sections: {
    contact: { mobile: '13800138001', email: 'wang.fang@example.edu' },
    undergraduate: { schoolKind: 'listed', schoolCode: '10052', major: '计算机科学', entryMonth: '2023-09', graduationMonth: '2027-06' },
    recommendation: { status: 'granted', universityCode: '10052', campPlaceId: 7 },
    choice: { degreeType: 'academicMaster', programmeId: 11, directionId: 111, supervisorId: 1111, willingToTransfer: 'yes' },
    statement: { text: 'I want to study language technology for minority languages.' },
  },
  savedAt: '2026-09-20T02:00:00.000Z',
  submittedAt: '2026-09-20T02:00:00.000Z',
  reopenedSections: [],
  returnReason: null,
  returnedUntil: null,
  personal: { name: '王芳', sex: '2', idType: '1', idNumber: '110***********002X', registerNo: '2027500001', registerType: 5, recruitYear: '2027', email: 'wang.fang@example.edu', mobile: '13800138001' },
  submission: { opensAt: null, closesAt: '2026-10-20T00:00:00.000Z', open: true, closed: false },
  missingMaterials: [],
  // The server names the linked camp result in the file: the back office's catalogue lists none.
  linkedCampResult: {
    placeId: 7,
    recruitYear: '2027',
    campNameZh: '计算机学院优秀大学生夏令营',
    campNameEn: 'Computer Science Summer Camp',
    programmeId: 11,
    programmeNameZh: '计算机科学与技术（硕士）',
    programmeNameEn: 'Computer Science (MSc)',
    attendance: 'attended',
    rating: 'outstanding',
  },
};
const SECRETARY: FileAbilities = { revealIdNumber: false, reviewPhoto: false, returnForm: true, decide: false, decideDepartment: true };
const tmsFile: ApplicationFileView = {
  applicationId: 801,
  applicantUserId: 501,
  area: 'tms',
  recruitYear: '2027',
  choice: { department: { nameZh: '计算机学院', nameEn: 'School of Computer Science' }, programme: { code: '081200', nameZh: '计算机科学与技术（硕士）', nameEn: 'Computer Science (MSc)' }, supervisor: '王晓明' },
  form: tmsForm,
  materials: [],
  photoRules: { ...DEFAULT_PHOTO_RULES },
  decisions: [],
  orders: [],
  assignments: [],
  history: [],
  allowed: SECRETARY,
};

/** A section of the summary by its title. */
const cardOf = async (title: string) => (await screen.findByText(title, { selector: '.ant-card-head-title, .ant-card-head-title *' })).closest<HTMLElement>('.ant-card')!;
/** The value of a summary field: beside its label on a wide screen, under it on a narrow one. */
function valueIn(card: HTMLElement, label: string): HTMLElement {
  const th = within(card).getByText(label, { selector: 'th, th *' }).closest('th')!;
  if (th.nextElementSibling?.tagName === 'TD') return th.nextElementSibling as HTMLElement;
  return (th.closest('tr')!.nextElementSibling as HTMLTableRowElement).cells[th.cellIndex]!;
}

describe("a tuimian application's file", () => {
  it('shows the tuimian form with the names its choice points at, its fee, and no photo', async () => {
    signedInAs('zs_dept');
    const calls = mockApi({ [FILE]: () => ok(tmsFile), [CATALOGUE]: () => ok(catalogue), [DECIDE]: () => ok(null) });
    render(
      <Wrapper path="/admissions/file?id=801">
        <ApplicationFilePage />
      </Wrapper>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: /王芳/ })).toBeInTheDocument();
    const recommendation = await cardOf('Recommendation');
    expect(valueIn(recommendation, 'Recommendation status')).toHaveTextContent('Granted');
    expect(valueIn(recommendation, 'Recommending university')).toHaveTextContent('Minzu University of China');
    expect(valueIn(recommendation, 'Linked camp result')).toHaveTextContent(/^2027 · Computer Science Summer Camp · Computer Science \(MSc\) · Outstanding/);
    const choice = await cardOf('Programme applied for');
    expect(valueIn(choice, 'Degree type')).toHaveTextContent('Academic master’s');
    await waitFor(() => expect(valueIn(choice, 'Programme')).toHaveTextContent('Computer Science (MSc)'));
    expect(valueIn(choice, 'Research direction')).toHaveTextContent('Natural language processing');
    expect(valueIn(choice, 'Supervisor')).toHaveTextContent('王晓明');
    expect(valueIn(choice, 'Willing to be transferred')).toHaveTextContent('Yes');
    expect(screen.getByText('Personal statement')).toBeInTheDocument();
    // Not the doctoral form, nor the camp's.
    expect(screen.queryByText('Research plan summary')).not.toBeInTheDocument();
    expect(screen.queryByText('Camp and programme choices')).not.toBeInTheDocument();
    expect(bodies(calls, CATALOGUE)).toEqual([{ area: 'tms', recruitYear: '2027' }]);
    expect(screen.getByText('Fee: Not paid')).toBeInTheDocument();
    expect(screen.queryByText(/^Photo:/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'School: pass' }));
    await waitFor(() => expect(bodies(calls, DECIDE)).toEqual([{ applicationId: 801, stage: 'departmentReview', outcome: 'pass' }]));
  });
});
