import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MaterialCategoryView, MaterialsView } from '@gradus/contract/doctor/materials-api';
import type { CampCatalogueView, CampFormDetailView, CampSaveDraftRequest } from '@gradus/contract/summer-camp/form';
import { fail, mockApi, ok } from '@/test/api';
import { Wrapper } from '@/test/render';
import CampApplicationPage from './pages/CampApplicationPage';
import CampMaterialsPage from './pages/CampMaterialsPage';

const DETAIL = '/mucgrs-service/summerCamp/form/detail';
const CATALOGUE = '/mucgrs-service/summerCamp/form/catalogue';
const SAVE = '/mucgrs-service/summerCamp/form/saveDraft';
const SUBMIT = '/mucgrs-service/summerCamp/form/submit';
const MATERIALS = '/mucgrs-service/summerCamp/materials/list';

const programme = (id: number, nameEn: string, directions: CampCatalogueView['camps'][number]['programmes'][number]['directions'] = []) => ({
  id,
  code: `P${id}`,
  nameZh: nameEn,
  nameEn,
  department: { nameZh: '计算机学院', nameEn: 'School of Computer Science' },
  capacity: 30,
  directions,
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
      programmes: [
        programme(11, 'Computer Science', [{ id: 111, code: 'D1', nameZh: '自然语言处理', nameEn: 'Natural language processing', supervisors: [{ id: 1111, name: '王晓明', titleZh: '教授', titleEn: 'Professor' }] }]),
        programme(12, 'Software Engineering'),
      ],
    },
    {
      id: 2,
      nameZh: '2027 民族学夏令营',
      nameEn: 'Ethnology Summer Camp 2027',
      startsOn: '2027-07-20',
      endsOn: '2027-07-22',
      mode: 'online',
      placeZh: null,
      placeEn: null,
      applyOpensAt: '2020-04-01T00:00:00.000Z',
      applyClosesAt: '2020-05-01T00:00:00.000Z',
      open: false,
      programmes: [programme(21, 'Ethnology')],
    },
  ],
};

const STATEMENT = 'I want to study how language technology can serve minority communities. '.repeat(4);
const complete: CampFormDetailView['sections'] = {
  contact: { mobile: '13800138001', email: 'li.na@example.edu', mailingAddress: '北京市海淀区中关村南大街27号', postcode: '100081', emergencyName: '李强', emergencyRelation: '父亲', emergencyPhone: '13900139000' },
  undergraduate: { schoolKind: 'listed', schoolCode: '10001', major: '计算机科学', entryMonth: '2023-09', graduationMonth: '2027-06', gpa: 3.8, gpaScale: '4', rankBasis: 'gpa', rank: 5, cohortSize: 150 },
  choices: [{ programmeId: 11, directionId: 111, supervisorId: 1111 }],
  statement: { text: STATEMENT },
};

function detail(over: Partial<CampFormDetailView> = {}): CampFormDetailView {
  return {
    status: 'draft',
    version: 2,
    sections: { contact: { mobile: '13800138001' } },
    savedAt: '2026-11-22T09:00:00.000Z',
    submittedAt: null,
    reopenedSections: [],
    returnReason: null,
    returnedUntil: null,
    personal: { name: '李娜', sex: '1', idType: '1', idNumber: '110***********002X', registerNo: '2027300001', registerType: 3, recruitYear: '2027', email: 'li.na@example.edu', mobile: '13800138001' },
    submission: { opensAt: null, closesAt: '2027-06-15T00:00:00.000Z', open: true, closed: false },
    missingMaterials: [],
    ...over,
  };
}

const renderForm = () =>
  render(
    <Wrapper>
      <CampApplicationPage />
    </Wrapper>,
  );
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const indicator = () => screen.getByTestId('save-indicator');
const schoolPicker = () => screen.getByRole('combobox', { name: 'Undergraduate school' });
/** A key pressed and released, as a keyboard does (the select ignores a second Enter until the first is released). */
const press = (el: HTMLElement, key: 'Enter' | 'ArrowDown') => {
  const code = { Enter: 13, ArrowDown: 40 }[key];
  fireEvent.keyDown(el, { key, code: key, keyCode: code, which: code });
  fireEvent.keyUp(el, { key, code: key, keyCode: code, which: code });
};

describe('CampApplicationPage', () => {
  it('shows the sections as cards, the camper’s details and the camps to choose from', async () => {
    mockApi({ [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue) });
    renderForm();
    expect(await screen.findByRole('heading', { name: 'Summer camp application form' })).toBeInTheDocument();
    await screen.findByLabelText('Major');
    for (const title of ['Contact and mailing address', 'Undergraduate studies', 'English tests', 'Research experience', 'Awards and honours', 'Camp and programme choices', 'Personal statement']) {
      expect(screen.getByText(title, { selector: '.ant-card-head-title' })).toBeInTheDocument();
    }
    expect(screen.getByText('李娜')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveValue('13800138001');
    expect(schoolPicker()).toBeInTheDocument();
    expect(indicator()).toHaveTextContent(/Saved at/);
  });

  it('autosaves the edited sections with the version it read', async () => {
    const saves: CampSaveDraftRequest[] = [];
    mockApi({
      [DETAIL]: () => ok(detail()),
      [CATALOGUE]: () => ok(catalogue),
      [SAVE]: (body) => {
        saves.push(body as CampSaveDraftRequest);
        return ok({ status: 'draft', version: 3, savedAt: '2026-11-22T10:15:00.000Z' });
      },
    });
    renderForm();
    await screen.findByLabelText('Major');
    type('Major', '计算机科学与技术');
    expect(indicator()).toHaveTextContent('Unsaved changes');
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 5000 });
    expect(saves[0]).toMatchObject({ version: 2, sections: { contact: { mobile: '13800138001' }, undergraduate: { major: '计算机科学与技术' } } });
    await waitFor(() => expect(indicator()).toHaveTextContent(/Saved at/));
  });

  it('refuses a rank above the cohort size on the page, as the server would', async () => {
    mockApi({ [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue) });
    renderForm();
    const cohort = await screen.findByLabelText('Students in your cohort');
    fireEvent.change(cohort, { target: { value: '150' } });
    fireEvent.blur(cohort);
    const rank = screen.getByLabelText('Rank in your cohort');
    fireEvent.change(rank, { target: { value: '160' } });
    fireEvent.blur(rank);
    expect(await screen.findByText('Rank in your cohort cannot be larger than the number of students in your cohort.')).toBeInTheDocument();
    fireEvent.change(rank, { target: { value: '12' } });
    fireEvent.blur(rank);
    await waitFor(() => expect(screen.queryByText(/cannot be larger than the number of students/)).toBeNull());
  });

  it('counts the statement’s characters live against its minimum and maximum', async () => {
    mockApi({ [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue) });
    renderForm();
    await screen.findByLabelText('Personal statement');
    expect(screen.getByText('0 characters (at least 200, at most 2000)')).toBeInTheDocument();
    type('Personal statement', 'x'.repeat(150));
    expect(screen.getByText('150 characters (at least 200, at most 2000)')).toBeInTheDocument();
    fireEvent.blur(screen.getByLabelText('Personal statement'));
    expect(await screen.findByText('Personal statement must have 200 to 2000 characters.')).toBeInTheDocument();
  });

  it('lets a camp not open yet be chosen already, and warns when a chosen camp has closed', async () => {
    const later = { ...catalogue.camps[1]!, id: 3, nameEn: 'Economics Summer Camp 2027', applyOpensAt: '2099-04-01T00:00:00.000Z', applyClosesAt: '2099-05-01T00:00:00.000Z', programmes: [programme(31, 'Economics')] };
    mockApi({ [DETAIL]: () => ok(detail({ sections: { choices: [{ programmeId: 21 }] } })), [CATALOGUE]: () => ok({ camps: [...catalogue.camps, later] }) });
    renderForm();
    expect(await screen.findByText('This camp no longer takes applications: choose a programme of a camp that does.')).toBeInTheDocument();
    expect(screen.getByText('Closed', { selector: '.ant-tag' })).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Programme' }));
    const upcoming = await screen.findByText('Economics · School of Computer Science', { selector: '.ant-select-item-option-content' });
    expect(upcoming.closest('.ant-select-item-option')).not.toHaveClass('ant-select-item-option-disabled');
    fireEvent.click(upcoming);
    expect(await screen.findByText('Not open yet', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.queryByText('This camp no longer takes applications: choose a programme of a camp that does.')).not.toBeInTheDocument();
  });

  it('offers at most two choices, and only programmes of open camps', async () => {
    mockApi({ [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue) });
    renderForm();
    await screen.findByText('Choice 1');
    const programmeSelect = screen.getByRole('combobox', { name: 'Programme' });
    fireEvent.mouseDown(programmeSelect);
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeInTheDocument();
    const open = await screen.findByText('Computer Science · School of Computer Science', { selector: '.ant-select-item-option-content' });
    const closed = screen.getByText('Ethnology · School of Computer Science', { selector: '.ant-select-item-option-content' });
    expect(closed.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
    expect(screen.getByText(/Ethnology Summer Camp 2027 · 2027-07-20 to 2027-07-22 · Online · .*\(closed\)/)).toBeInTheDocument();
    fireEvent.click(open);
    // The chosen camp in one line: name, dates, place and application window.
    expect(await screen.findByText(/Computing Summer Camp 2027 · 2027-07-10 to 2027-07-14 · Beijing · applications/, { selector: '.summer-camp__camp-line' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add a second choice' }));
    expect(await screen.findByText('Choice 2')).toBeInTheDocument();
    const full = screen.getByRole('button', { name: /at most 2/i });
    expect(full).toBeDisabled();
  });

  it('submits after the confirmation, then shows the read-only summary', async () => {
    let current = detail({ sections: complete });
    const calls = mockApi({
      [DETAIL]: () => ok(current),
      [CATALOGUE]: () => ok(catalogue),
      [SUBMIT]: () => {
        current = detail({ sections: complete, status: 'submitted', version: 3, submittedAt: '2026-11-22T10:20:00.000Z' });
        return ok({ status: 'submitted', version: 3, submittedAt: current.submittedAt });
      },
    });
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/every section of this form/);
    expect(dialog).toHaveTextContent(/your choice of camps, programmes/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.find((c) => c.url === SUBMIT)?.body).toEqual({ version: 2 }));
    expect(await screen.findByText(/^Submitted on/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Peking University')).toBeInTheDocument();
  });

  it('shows the server’s list of problems when it refuses the submission, and keeps the editor', async () => {
    const problems = 'Not submitted: Undergraduate studies – Rank: too large; Personal statement – too short';
    mockApi({ [DETAIL]: () => ok(detail({ sections: complete })), [CATALOGUE]: () => ok(catalogue), [SUBMIT]: () => fail(400, problems) });
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(problems)).toBeInTheDocument();
    expect(screen.getByText('Not submitted')).toBeInTheDocument();
    expect(screen.getByLabelText('Major')).toBeEnabled();
  });

  it('shows a submitted form read-only, with the school, the camp and the statement', async () => {
    mockApi({ [DETAIL]: () => ok(detail({ sections: complete, status: 'submitted', submittedAt: '2026-11-22T10:20:00.000Z' })), [CATALOGUE]: () => ok(catalogue) });
    renderForm();
    expect(await screen.findByText(/^Submitted on/)).toBeInTheDocument();
    expect(screen.getByText('Peking University')).toBeInTheDocument();
    expect(await screen.findByText('Computer Science · School of Computer Science')).toBeInTheDocument();
    expect(screen.getByText('5 of 150 (by GPA)')).toBeInTheDocument();
    expect(screen.getByText(STATEMENT.trim(), { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('opens only the reopened sections of a returned form', async () => {
    mockApi({
      [DETAIL]: () => ok(detail({ sections: complete, status: 'returned', reopenedSections: ['statement'], returnReason: 'Please expand your statement.' })),
      [CATALOGUE]: () => ok(catalogue),
    });
    renderForm();
    expect(await screen.findByText(/Please expand your statement\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Major')).toBeDisabled();
    expect(screen.getByLabelText('Personal statement')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Submit again' })).toBeInTheDocument();
  });
});

describe('CampApplicationPage by keyboard and for assistive technology', () => {
  it('picks a listed school by typing and Enter, and an escape the same way', async () => {
    const saves: CampSaveDraftRequest[] = [];
    mockApi({
      [DETAIL]: () => ok(detail()),
      [CATALOGUE]: () => ok(catalogue),
      [SAVE]: (body) => {
        saves.push(body as CampSaveDraftRequest);
        return ok({ status: 'draft', version: 3 + saves.length, savedAt: '2026-11-22T10:15:00.000Z' });
      },
    });
    renderForm();
    await screen.findByLabelText('Major');
    const picker = schoolPicker();
    picker.focus();
    press(picker, 'ArrowDown');
    fireEvent.change(picker, { target: { value: 'Peking' } });
    press(picker, 'Enter');
    await waitFor(() => expect(picker.closest('.ant-select')).toHaveTextContent('Peking University'));
    expect(screen.queryByLabelText('Full name of the school')).toBeNull();

    // Nothing matches: the ways out stay offered, and Enter takes the first.
    press(picker, 'ArrowDown');
    fireEvent.change(picker, { target: { value: 'Hogwarts' } });
    press(picker, 'Enter');
    expect(await screen.findByLabelText('Full name of the school')).toBeInTheDocument();
    expect(screen.queryByLabelText('Country or region')).toBeNull();

    // Down twice more: "outside the mainland" asks for the region as well.
    press(picker, 'ArrowDown');
    fireEvent.change(picker, { target: { value: 'Oxford' } });
    press(picker, 'ArrowDown');
    press(picker, 'ArrowDown');
    press(picker, 'Enter');
    expect(await screen.findByLabelText('Country or region')).toBeInTheDocument();
    // The escape replaces the listed school: no code is kept for it.
    await waitFor(() => expect(saves.at(-1)?.sections.undergraduate).toMatchObject({ schoolKind: 'outsideMainland' }), { timeout: 10_000 });
    expect(saves.at(-1)?.sections.undergraduate?.schoolCode ?? undefined).toBeUndefined();
  });
});

const category = (key: string, over: Partial<MaterialCategoryView> & { minFiles?: number } = {}) => ({
  key,
  required: true,
  types: ['pdf'] as MaterialCategoryView['types'],
  maxKb: 10 * 1024,
  maxFiles: 3,
  template: null,
  isPhoto: false,
  canUpload: true,
  canDelete: true,
  files: [] as MaterialCategoryView['files'],
  ...over,
});
const letter = { id: 5, originalName: 'letter-1.pdf', sizeBytes: 2048, uploadedAt: '2026-11-20T08:00:00.000Z', type: 'pdf' as const, filePath: '/zsData/summerCamp/5.pdf', status: 'uploaded' as const, reviewReason: null };

describe('CampMaterialsPage', () => {
  it('lists the camp’s categories on the camp calls, counting a category that needs two files', async () => {
    const view: MaterialsView = {
      phase: 'application',
      lock: null,
      photoRules: null,
      requiredCount: 3,
      requiredDone: 0,
      categories: [category('transcript'), category('rankCertificate'), category('refereeLetter', { minFiles: 2, files: [letter] }), category('englishCertificate', { required: false })],
    };
    const calls = mockApi({ [MATERIALS]: () => ok(view) });
    render(
      <Wrapper>
        <CampMaterialsPage />
      </Wrapper>,
    );
    expect(await screen.findByRole('heading', { name: 'Materials' })).toBeInTheDocument();
    await screen.findByText('Referee letters', { selector: '.materials__card-title span' });
    expect(calls.find((c) => c.url === MATERIALS)?.body).toEqual({ phase: 'application' });
    for (const name of ['Academic transcript', 'Certificate of rank', 'Referee letters', 'English test certificate']) expect(screen.getByText(name, { selector: '.materials__card-title span' })).toBeInTheDocument();
    const letters = screen.getByText('Referee letters', { selector: '.materials__card-title span' }).closest('.ant-card') as HTMLElement;
    expect(within(letters).getByText('1 of 2')).toBeInTheDocument();
    expect(within(letters).queryByText('Uploaded')).toBeNull();
    // Without minFiles nothing is counted.
    const rank = screen.getByText('Certificate of rank', { selector: '.materials__card-title span' }).closest('.ant-card') as HTMLElement;
    expect(within(rank.querySelector('.materials__card-title') as HTMLElement).queryByText(/^\d+ of \d+$/)).toBeNull();
  });
});
