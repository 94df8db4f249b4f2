import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PROGRAMME_DEGREES } from '@gradus/contract/codes';
import type { MaterialCategoryView, MaterialsView } from '@gradus/contract/doctor/materials-api';
import type { ApplicationProgressView } from '@gradus/contract/forms/progress';
import { TMS_PLEDGE_TEMPLATE } from '@gradus/contract/tuimian/materials';
import type { TmsCatalogueView, TmsFormDetailView, TmsSaveDraftRequest } from '@gradus/contract/tuimian/form';
import { changeLanguage, t } from '@/lib/i18n';
import { mockApi, ok } from '@/test/api';
import { Wrapper } from '@/test/render';
import TmsApplicationPage from './pages/TmsApplicationPage';
import TmsMaterialsPage from './pages/TmsMaterialsPage';
import TmsPartInfoPage from './pages/TmsPartInfoPage';

const DETAIL = '/mucgrs-service/tms/form/detail';
const CATALOGUE = '/mucgrs-service/tms/form/catalogue';
const SAVE = '/mucgrs-service/tms/form/saveDraft';
const SUBMIT = '/mucgrs-service/tms/form/submit';
const PROGRESS = '/mucgrs-service/tms/application/progress';
const MATERIALS = '/mucgrs-service/tms/materials/list';

type Programme = TmsCatalogueView['departments'][number]['programmes'][number];
const { MASTER, DOCTORATE } = PROGRAMME_DEGREES;
const programme = (id: number, code: string, nameEn: string, degree: Programme['degree'], directions: Programme['directions']): Programme => ({ id, code, nameZh: nameEn, nameEn, degree, directions });
const catalogue: TmsCatalogueView = {
  departments: [
    {
      id: 1,
      code: '01',
      nameZh: '计算机学院',
      nameEn: 'School of Computer Science',
      programmes: [
        programme(11, '081200', 'Computer Science (MSc)', MASTER, [{ id: 111, code: 'D1', nameZh: '自然语言处理', nameEn: 'Natural language processing', supervisors: [{ id: 1111, name: '王晓明', titleZh: '教授', titleEn: 'Professor' }] }]),
        programme(12, '085400', 'Electronic Information', MASTER, [{ id: 121, code: 'D2', nameZh: '软件工程', nameEn: 'Software engineering', supervisors: [] }]),
        programme(21, '081200D', 'Computer Science (PhD)', DOCTORATE, [{ id: 211, code: 'D3', nameZh: '机器翻译', nameEn: 'Machine translation', supervisors: [{ id: 2111, name: '李华', titleZh: '教授', titleEn: 'Professor' }] }]),
      ],
    },
    { id: 2, code: '02', nameZh: '民族学与社会学学院', nameEn: 'School of Ethnology', programmes: [programme(31, '030400', 'Ethnology', MASTER, [{ id: 311, code: 'D4', nameZh: '民族史', nameEn: 'Ethnic history', supervisors: [] }])] },
  ],
  campResults: [
    { placeId: 7, recruitYear: '2026', campNameZh: '2026 计算机夏令营', campNameEn: 'Computing Summer Camp 2026', programmeId: 11, programmeNameZh: '计算机科学', programmeNameEn: 'Computer Science (MSc)', attendance: 'attended', rating: 'outstanding' },
  ],
};

const STATEMENT = 'I want to study how language technology can serve minority communities. '.repeat(4);
const complete: TmsFormDetailView['sections'] = {
  contact: { mobile: '13800138001', email: 'li.na@example.edu', mailingAddress: '北京市海淀区中关村南大街27号', postcode: '100081', emergencyName: '李强', emergencyRelation: '父亲', emergencyPhone: '13900139000' },
  undergraduate: { schoolKind: 'listed', schoolCode: '10052', major: '计算机科学', entryMonth: '2023-09', graduationMonth: '2027-06', gpa: 3.8, gpaScale: '4', rankBasis: 'gpa', rank: 5, cohortSize: 150 },
  recommendation: { status: 'granted', universityCode: '10052', campPlaceId: 7 },
  choice: { degreeType: 'academicMaster', programmeId: 11, directionId: 111, supervisorId: 1111, willingToTransfer: 'yes' },
  statement: { text: STATEMENT },
};

function detail(over: Partial<TmsFormDetailView> = {}): TmsFormDetailView {
  return {
    status: 'draft',
    version: 2,
    sections: { contact: { mobile: '13800138001' } },
    savedAt: '2026-09-20T09:00:00.000Z',
    submittedAt: null,
    reopenedSections: [],
    returnReason: null,
    returnedUntil: null,
    personal: { name: '李娜', sex: '1', idType: '1', idNumber: '110***********002X', registerNo: '2027500001', registerType: 5, recruitYear: '2027', email: 'li.na@example.edu', mobile: '13800138001' },
    submission: { opensAt: null, closesAt: '2026-10-20T00:00:00.000Z', open: true, closed: false },
    missingMaterials: [],
    ...over,
  };
}

const renderPage = (page: ReactNode) => render(<Wrapper>{page}</Wrapper>);
const programmeSelect = () => screen.getByRole('combobox', { name: 'Programme' });
/** The programme list as offered now: its school headings and its options, as their visible text; closed again after. */
async function programmeList(): Promise<{ groups: string[]; options: string[] }> {
  const select = programmeSelect();
  fireEvent.mouseDown(select);
  const popup = await waitFor(() => {
    const open = document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    expect(open?.querySelector('.ant-select-item')).toBeTruthy();
    return open!;
  });
  const texts = (selector: string) => Array.from(popup.querySelectorAll(selector)).map((o) => o.textContent ?? '');
  const list = { groups: texts('.ant-select-item-group'), options: texts('.ant-select-item-option-content') };
  fireEvent.keyDown(select, { key: 'Escape', code: 'Escape', keyCode: 27, which: 27 });
  await waitFor(() => expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeNull());
  return list;
}
const submitButton = () => screen.getByRole('button', { name: 'Submit' });

describe('TmsApplicationPage', () => {
  it('shows the menu title, the applicant’s details and every section as a card', async () => {
    mockApi({ [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue) });
    renderPage(<TmsApplicationPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Application form' })).toBeInTheDocument();
    await screen.findByLabelText('Major');
    for (const title of ['Contact and mailing address', 'Undergraduate studies', 'Recommendation', 'English tests', 'Research experience', 'Awards', 'Programme applied for', 'Personal statement']) {
      expect(screen.getByText(title, { selector: '.ant-card-head-title' })).toBeInTheDocument();
    }
    expect(screen.getByText('李娜')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveValue('13800138001');
    // Every control named: the radio groups by their field's label, the selects by theirs.
    for (const group of ['Recommendation status', 'Degree type', 'Willing to be transferred']) expect(screen.getByRole('radiogroup', { name: group })).toBeInTheDocument();
    for (const select of ['Undergraduate school', 'Recommending university', 'Programme', 'Research direction', 'Supervisor']) expect(screen.getByRole('combobox', { name: select })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pending: my university has not published its list yet' })).toBeInTheDocument();
    // Offered once the catalogue lists a camp result of the applicant's.
    expect(await screen.findByRole('combobox', { name: 'Linked camp result' })).toBeInTheDocument();
    expect(screen.getByText('0 characters (at least 200, at most 2000)')).toBeInTheDocument();
  });

  it('offers the programmes of the degree type only, grouped by school, and drops a programme of another degree', async () => {
    mockApi({ [DETAIL]: () => ok(detail({ sections: { choice: { degreeType: 'academicMaster', programmeId: 11, directionId: 111 } } })), [CATALOGUE]: () => ok(catalogue) });
    renderPage(<TmsApplicationPage />);
    await screen.findByLabelText('Major');
    await waitFor(() => expect(programmeSelect().closest('.ant-select')).toHaveTextContent('Computer Science (MSc) 081200'));
    const masters = { groups: ['School of Computer Science', 'School of Ethnology'], options: ['Computer Science (MSc) 081200', 'Electronic Information 085400', 'Ethnology 030400'] };
    expect(await programmeList()).toEqual(masters);

    fireEvent.click(screen.getByRole('radio', { name: 'Direct doctoral study' }));
    // The master's programme no longer fits: it goes, with its direction.
    await waitFor(() => expect(programmeSelect().closest('.ant-select')).not.toHaveTextContent('Computer Science (MSc)'));
    expect(screen.getByRole('combobox', { name: 'Research direction' })).toBeDisabled();
    expect(await programmeList()).toEqual({ groups: ['School of Computer Science'], options: ['Computer Science (PhD) 081200D'] });

    // Either master's type offers the master's programmes.
    fireEvent.click(screen.getByRole('radio', { name: 'Professional master’s' }));
    // The list follows the click once React has re-rendered: read it until it does (a slow machine read the PhD list).
    await waitFor(async () => expect(await programmeList()).toEqual(masters));
  });

  it('asks a direct doctoral applicant for a supervisor, says so, and does not submit without one', async () => {
    const calls = mockApi({
      [DETAIL]: () => ok(detail({ sections: { ...complete, recommendation: { status: 'pending', universityCode: '10052' }, choice: { degreeType: 'directDoctoral', programmeId: 21, directionId: 211, willingToTransfer: 'no' } } })),
      [CATALOGUE]: () => ok(catalogue),
    });
    renderPage(<TmsApplicationPage />);
    expect(await screen.findByText('Required: a direct doctoral applicant names their supervisor from the start.')).toBeInTheDocument();
    fireEvent.click(submitButton());
    expect(await screen.findByText('Supervisor is required for direct doctoral study.')).toBeInTheDocument();
    expect(screen.getByText('Some fields need attention: they are marked in red.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.url === SUBMIT || c.url === SAVE)).toEqual([]);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Supervisor' }));
    fireEvent.click(await screen.findByText('李华 (Professor)', { selector: '.ant-select-item-option-content' }));
    fireEvent.blur(screen.getByRole('combobox', { name: 'Supervisor' }));
    await waitFor(() => expect(screen.queryByText('Supervisor is required for direct doctoral study.')).toBeNull());
    // A master's applicant may leave it empty.
    fireEvent.click(screen.getByRole('radio', { name: 'Academic master’s' }));
    expect(await screen.findByText('Optional for a master’s programme; required for direct doctoral study.')).toBeInTheDocument();
  });

  it('says in the page’s language what is wrong, and neither saves nor submits', async () => {
    await changeLanguage('zh-CN');
    const calls = mockApi({
      [DETAIL]: () => ok(detail({ sections: { ...complete, choice: { degreeType: 'directDoctoral', programmeId: 21, directionId: 211, willingToTransfer: 'no' }, statement: { text: 'x'.repeat(150) } } })),
      [CATALOGUE]: () => ok(catalogue),
    });
    renderPage(<TmsApplicationPage />);
    // The catalogue in: the linked camp result is judged against it.
    await waitFor(() => expect(screen.getByRole('combobox', { name: '报考专业' }).closest('.ant-select')).toHaveTextContent('Computer Science (PhD)'));
    // antd spaces out a two-character Chinese label ("提 交").
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${[...t('form.submit.button')].join('\\s?')}$`) }));
    expect(await screen.findByText('直博须填写导师。')).toBeInTheDocument();
    expect(screen.getByText('个人陈述须为 200 至 2000 个字符。')).toBeInTheDocument();
    // A linked camp result of another programme than the one applied for.
    expect(screen.getByText('关联的夏令营结果仅对该营的同一专业有效，而您报考的是其他专业。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.url === SUBMIT || c.url === SAVE)).toEqual([]);
  });

  it('lists the applicant’s camp results to link, and says one counts only for its own programme', async () => {
    mockApi({ [DETAIL]: () => ok(detail({ sections: { choice: { degreeType: 'academicMaster', programmeId: 12 } } })), [CATALOGUE]: () => ok(catalogue) });
    renderPage(<TmsApplicationPage />);
    const link = await screen.findByRole('combobox', { name: 'Linked camp result' });
    expect(screen.getByText('Optional. A camp result counts only for the camp’s own programme: link one only if you apply for that programme.')).toBeInTheDocument();
    fireEvent.mouseDown(link);
    fireEvent.click(await screen.findByText('2026 · Computing Summer Camp 2026 · Computer Science (MSc) · Outstanding camper', { selector: '.ant-select-item-option-content' }));
    fireEvent.blur(link);
    expect(await screen.findByText('Linked camp result counts only for the camp’s own programme, and you applied for another one.')).toBeInTheDocument();
  });

  it('suggests the undergraduate school as the recommending university, and autosaves the pick', async () => {
    const saves: TmsSaveDraftRequest[] = [];
    mockApi({
      [DETAIL]: () => ok(detail({ sections: { undergraduate: { schoolKind: 'listed', schoolCode: '10052' } } })),
      [CATALOGUE]: () => ok(catalogue),
      [SAVE]: (body) => {
        saves.push(body as TmsSaveDraftRequest);
        return ok({ status: 'draft', version: 3, savedAt: '2026-09-20T10:15:00.000Z' });
      },
    });
    renderPage(<TmsApplicationPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use Minzu University of China, your undergraduate school' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Recommending university' }).closest('.ant-select')).toHaveTextContent('Minzu University of China'));
    expect(screen.queryByRole('button', { name: /your undergraduate school/ })).toBeNull();
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 5000 });
    expect(saves[0]).toMatchObject({ version: 2, sections: { recommendation: { universityCode: '10052' } } });
  });

  it('submits after the confirmation, then shows the application read-only with names from the catalogue', async () => {
    let current = detail({ sections: complete });
    const calls = mockApi({
      [DETAIL]: () => ok(current),
      [CATALOGUE]: () => ok(catalogue),
      [SUBMIT]: () => {
        current = detail({ sections: complete, status: 'submitted', version: 3, submittedAt: '2026-09-20T10:20:00.000Z' });
        return ok({ status: 'submitted', version: 3, submittedAt: current.submittedAt });
      },
    });
    renderPage(<TmsApplicationPage />);
    await screen.findByLabelText('Major');
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/every section of this form/);
    expect(dialog).toHaveTextContent(/the degree type, programme, research direction and supervisor you chose/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.find((c) => c.url === SUBMIT)?.body).toEqual({ version: 2 }));
    expect(await screen.findByText(/^Submitted on/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('opens only the reopened sections of a returned form', async () => {
    mockApi({
      [DETAIL]: () => ok(detail({ sections: complete, status: 'returned', reopenedSections: ['choice'], returnReason: 'Please choose a direction of the programme.' })),
      [CATALOGUE]: () => ok(catalogue),
    });
    renderPage(<TmsApplicationPage />);
    expect(await screen.findByText(/Please choose a direction of the programme\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Major')).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Granted' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Direct doctoral study' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Submit again' })).toBeInTheDocument();
  });
});

const progress = (over: Partial<ApplicationProgressView> = {}): ApplicationProgressView => ({
  state: 'underReview',
  submittedAt: '2026-09-20T10:20:00.000Z',
  returnedUntil: null,
  schoolReview: 'pass',
  officeReview: 'pending',
  reason: null,
  ...over,
});
const category = (key: string, over: Partial<MaterialCategoryView> & { minFiles?: number } = {}) => ({
  key,
  required: true,
  types: ['pdf'] as MaterialCategoryView['types'],
  maxKb: 5 * 1024,
  maxFiles: 2,
  template: null,
  isPhoto: false,
  canUpload: true,
  canDelete: true,
  files: [] as MaterialCategoryView['files'],
  ...over,
});
const certificate = { id: 9, originalName: 'certificate.pdf', sizeBytes: 2048, uploadedAt: '2026-09-19T08:00:00.000Z', type: 'pdf' as const, filePath: '/zsData/tms/9.pdf', status: 'uploaded' as const, reviewReason: null };
const materials: MaterialsView = {
  phase: 'application',
  lock: null,
  photoRules: null,
  requiredCount: 4,
  requiredDone: 1,
  categories: [
    category('recommendationCertificate', { types: ['pdf', 'jpg', 'png'], files: [certificate] }),
    category('refereeLetter', { minFiles: 2 }),
    category('personalStatement', { maxFiles: 1 }),
    category('integrityPledge', { types: ['pdf', 'jpg', 'png'], maxFiles: 1, template: TMS_PLEDGE_TEMPLATE }),
    category('englishCertificate', { required: false, maxFiles: 3 }),
  ],
};

describe('TmsPartInfoPage', () => {
  it('shows the progress, the application as submitted and the materials in brief', async () => {
    mockApi({
      [PROGRESS]: () => ok(progress()),
      [DETAIL]: () => ok(detail({ sections: complete, status: 'submitted', submittedAt: '2026-09-20T10:20:00.000Z' })),
      [CATALOGUE]: () => ok(catalogue),
      [MATERIALS]: () => ok(materials),
    });
    renderPage(<TmsPartInfoPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration form' })).toBeInTheDocument();
    const steps = (await screen.findByRole('heading', { name: 'Progress' })).closest('.ant-card') as HTMLElement;
    expect(within(steps).getByText('Application submitted')).toBeInTheDocument();
    expect(within(steps).getByText(/^Submitted on/)).toBeInTheDocument();
    expect(within(steps).getByText('School review').closest('.ant-steps-item')).toHaveTextContent('Passed');
    expect(within(steps).getByText('Graduate school review').closest('.ant-steps-item')).toHaveTextContent('Under review');

    // The application read-only, ids resolved to names.
    expect(await screen.findByText('Computer Science (MSc) 081200')).toBeInTheDocument();
    const choice = screen.getByText('Programme applied for', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
    for (const value of ['Academic master’s', 'School of Computer Science', 'Natural language processing', '王晓明 (Professor)', 'Yes']) expect(within(choice).getByText(value)).toBeInTheDocument();
    const recommendation = screen.getByText('Recommendation', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
    expect(within(recommendation).getByText('Granted')).toBeInTheDocument();
    expect(within(recommendation).getByText('Minzu University of China')).toBeInTheDocument();
    expect(within(recommendation).getByText('2026 · Computing Summer Camp 2026 · Computer Science (MSc) · Outstanding camper')).toBeInTheDocument();
    expect(screen.getByText('5 of 150 (by GPA)')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();

    const brief = screen.getByRole('heading', { name: 'Materials' }).closest('.ant-card') as HTMLElement;
    expect(await within(brief).findByText('Recommendation certificate')).toBeInTheDocument();
    expect(within(brief).getByText('Signed integrity pledge')).toBeInTheDocument();
    expect(within(brief).getByRole('link', { name: 'Go to the materials page' })).toHaveAttribute('href', '/recommendedStudent/tmsUploadFile');
  });

  it('gives a fail’s reason and a returned form’s deadline', async () => {
    mockApi({ [PROGRESS]: () => ok(progress({ state: 'ineligible', schoolReview: 'fail', reason: 'The recommendation certificate is not legible.' })), [DETAIL]: () => ok(detail({ sections: complete, status: 'submitted' })), [CATALOGUE]: () => ok(catalogue), [MATERIALS]: () => ok(materials) });
    const { unmount } = renderPage(<TmsPartInfoPage />);
    expect(await screen.findByText('Your application did not pass the review.')).toBeInTheDocument();
    expect(screen.getByText('Reason: The recommendation certificate is not legible.')).toBeInTheDocument();
    expect(screen.getByText('School review').closest('.ant-steps-item')).toHaveTextContent('Not passed');
    unmount();

    mockApi({ [PROGRESS]: () => ok(progress({ state: 'returned', submittedAt: null, returnedUntil: '2026-10-01T10:00:00.000Z', schoolReview: 'pending' })), [DETAIL]: () => ok(detail({ sections: complete, status: 'returned', reopenedSections: ['choice'] })), [CATALOGUE]: () => ok(catalogue), [MATERIALS]: () => ok(materials) });
    renderPage(<TmsPartInfoPage />);
    expect(await screen.findByText(/^Returned for correction: submit it again by /)).toBeInTheDocument();
    expect(screen.getByText('Your application was returned for correction. This is what you submitted:')).toBeInTheDocument();
  });

  it('says an unsubmitted application is not submitted yet, and leads to the form', async () => {
    mockApi({ [PROGRESS]: () => ok(progress({ state: 'draft', submittedAt: null, schoolReview: 'pending' })), [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue), [MATERIALS]: () => ok(materials) });
    renderPage(<TmsPartInfoPage />);
    expect(await screen.findByText('Your application has not been submitted yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the application form' })).toHaveAttribute('href', '/recommendedStudent/recommendedStudentApply');
    expect(screen.getByText('School review').closest('.ant-steps-item')).toHaveTextContent('Not yet');
    expect(screen.queryByText('Programme applied for')).toBeNull();
  });
});

describe('TmsMaterialsPage', () => {
  it('lists the tuimian categories on the tms calls, with the integrity pledge’s template', async () => {
    const calls = mockApi({ [MATERIALS]: () => ok(materials) });
    renderPage(<TmsMaterialsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Materials' })).toBeInTheDocument();
    expect(screen.getByText(/The integrity pledge has a template: download it, print it, sign it and upload the signed copy\./)).toBeInTheDocument();
    expect(screen.getByText(/If your recommendation is still pending, upload its certificate once your university has granted it\./)).toBeInTheDocument();
    await screen.findByText('Signed integrity pledge', { selector: '.materials__card-title span' });
    expect(calls.find((c) => c.url === MATERIALS)?.body).toEqual({ phase: 'application' });
    for (const name of ['Recommendation certificate', 'Referee letters', 'Personal statement', 'Signed integrity pledge', 'English test certificate']) {
      expect(screen.getByText(name, { selector: '.materials__card-title span' })).toBeInTheDocument();
    }
    const pledge = screen.getByText('Signed integrity pledge', { selector: '.materials__card-title span' }).closest('.ant-card') as HTMLElement;
    expect(within(pledge).getByRole('button', { name: 'Download the template' })).toBeInTheDocument();
  });
});
