import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import type { CatalogueView, FormDetailView, SaveDraftRequest } from '@gradus/contract/doctor/form';
import { download } from '@/lib/download';
import { fail, mockApi, ok } from '@/test/api';
import { Wrapper } from '@/test/render';
import ApplicationFormPage from './pages/ApplicationFormPage';
import SubmittedFormPage from './pages/SubmittedFormPage';
import { clearAllLocalCopies } from '@/lib/form/forget-local-copies';
import { readLocalCopy, writeLocalCopy } from './local-copy';
import { pastMonthRule } from '@/lib/form/rules';

const DETAIL = '/mucgrs-service/doctor/form/detail';
const CATALOGUE = '/mucgrs-service/doctor/form/catalogue';
const SAVE = '/mucgrs-service/doctor/form/saveDraft';
const SUBMIT = '/mucgrs-service/doctor/form/submit';
const PDF = '/mucgrs-service/doctor/form/summaryPdf';

const catalogue: CatalogueView = {
  departments: [
    {
      id: 1,
      code: 'CS',
      nameZh: '计算机科学与技术学院',
      nameEn: 'School of Computer Science and Technology',
      programmes: [
        {
          id: 11,
          code: 'CS-PHD-081200',
          nameZh: '计算机科学与技术（博士）',
          nameEn: 'Computer Science and Technology (PhD)',
          directions: [{ id: 111, code: 'CS-PHD-081200-01', nameZh: '自然语言处理', nameEn: 'Natural language processing', supervisors: [{ id: 1111, name: '王晓明', titleZh: '教授', titleEn: 'Professor' }] }],
        },
      ],
    },
  ],
};

const PLAN = 'A study of low-resource machine translation for minority languages. '.repeat(5);
const complete: FormDetailView['sections'] = {
  contact: { mobile: '13800138001', email: 'zhang.wei@example.edu', mailingAddress: '北京市海淀区中关村南大街27号', postcode: '100081', emergencyName: '张强', emergencyRelation: '父亲', emergencyPhone: '13900139000' },
  education: [{ fromMonth: '2014-09', toMonth: '2018-06', school: '北京大学', major: '计算机科学', degree: 'bachelor', degreeCertificateNo: undefined }],
  intended: { departmentId: 1, programmeId: 11, directionId: 111, supervisorId: 1111 },
  plan: { summary: PLAN },
};

function detail(over: Partial<FormDetailView> = {}): FormDetailView {
  return {
    status: 'draft',
    version: 3,
    sections: { contact: { mobile: '13800138001' } },
    savedAt: '2026-11-22T09:00:00.000Z',
    submittedAt: null,
    reopenedSections: [],
    returnReason: null,
    returnedUntil: null,
    personal: { name: '张伟', sex: '0', idType: '1', idNumber: '110***********231X', registerNo: '2027100001', registerType: 1, recruitYear: '2027', email: 'zhang.wei@example.edu', mobile: '13800138001' },
    submission: { opensAt: null, closesAt: '2027-03-01T09:00:00.000Z', open: true, closed: false },
    missingMaterials: [],
    ...over,
  };
}

function renderPage(page: 'form' | 'submitted' = 'form') {
  const Page = page === 'form' ? ApplicationFormPage : SubmittedFormPage;
  return render(
    <Wrapper>
      <Page />
    </Wrapper>,
  );
}

const indicator = () => screen.getByTestId('save-indicator');
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ApplicationFormPage autosave', () => {
  it('shows Unsaved, then saves on its own about 2 s after an edit and says when', async () => {
    const saves: SaveDraftRequest[] = [];
    mockApi({
      [DETAIL]: () => ok(detail()),
      [CATALOGUE]: () => ok(catalogue),
      [SAVE]: (body) => {
        saves.push(body as SaveDraftRequest);
        return ok({ status: 'draft', version: 4, savedAt: '2026-11-22T10:15:00.000Z' });
      },
    });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Exam registration form' })).toBeInTheDocument();
    await screen.findByLabelText('Mailing address');
    expect(indicator()).toHaveTextContent(/Saved at/);
    type('Mailing address', '北京市海淀区');
    expect(indicator()).toHaveTextContent('Unsaved changes');
    // The unsent edit is on the device at once, before any save.
    expect(readLocalCopy('2027100001')?.sections.contact?.mailingAddress).toBe('北京市海淀区');
    expect(saves).toHaveLength(0);
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 5000 });
    expect(saves[0]).toMatchObject({ version: 3, sections: { contact: { mobile: '13800138001', mailingAddress: '北京市海淀区' } } });
    const time = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(new Date('2026-11-22T10:15:00.000Z'));
    await waitFor(() => expect(indicator()).toHaveTextContent(`Saved at ${time}`));
    expect(readLocalCopy('2027100001')).toBeNull();

    // The next save names the version the server returned.
    type('Postcode', '100081');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.version).toBe(4);
  });

  it('keeps the edits on the device when the connection drops, and says so', async () => {
    mockApi({
      [DETAIL]: () => ok(detail()),
      [CATALOGUE]: () => ok(catalogue),
      [SAVE]: (_b, config) => {
        throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
      },
    });
    renderPage();
    await screen.findByLabelText('Mailing address');
    type('Mailing address', '上海市徐汇区');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(indicator()).toHaveTextContent('Offline – kept on this device'));
    expect(readLocalCopy('2027100001')).toMatchObject({ version: 3, sections: { contact: { mailingAddress: '上海市徐汇区' } } });
  });

  it('shows the server’s reason when a save is refused, and a reload button when another window saved', async () => {
    let reply = fail(400, 'Not saved: Contact and mailing address – Postcode: too long');
    mockApi({ [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue), [SAVE]: () => reply });
    renderPage();
    await screen.findByLabelText('Postcode');
    type('Postcode', '1234567890');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Not saved: Contact and mailing address – Postcode: too long')).toBeInTheDocument();
    reply = fail(409, 'This form was changed in another window.');
    type('Postcode', '100081');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('This form was changed in another window.')).toBeInTheDocument();
    expect(indicator()).toHaveTextContent('Changed elsewhere – reload');
    expect(screen.getByRole('button', { name: 'Reload the form' })).toBeInTheDocument();
  });
});

describe('ApplicationFormPage when the session or the tab ends', () => {
  it('asks to sign in again when a save meets an expired session, keeping the edits on the device', async () => {
    mockApi({ [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue), [SAVE]: () => fail(401, 'Your session has expired.') });
    renderPage();
    await screen.findByLabelText('Mailing address');
    type('Mailing address', '深圳市南山区');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
    expect(readLocalCopy('2027100001')?.sections.contact?.mailingAddress).toBe('深圳市南山区');
  });

  it('warns before the tab closes only while edits are unsaved', async () => {
    mockApi({ [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue), [SAVE]: () => ok({ status: 'draft', version: 4, savedAt: '2026-11-22T10:15:00.000Z' }) });
    renderPage();
    await screen.findByLabelText('Mailing address');
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    type('Mailing address', '南京市鼓楼区');
    expect(leave()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(indicator()).toHaveTextContent(/Saved at/));
    expect(leave()).toBe(false);
  });
});


describe('ApplicationFormPage local copy', () => {
  it('offers an unsent copy from an earlier visit, and restores it', async () => {
    writeLocalCopy('2027100001', { version: 3, sections: { contact: { mobile: '13800138001', mailingAddress: '广州市天河区' } }, editedAt: Date.parse('2026-11-22T08:30:00Z') });
    const saves: SaveDraftRequest[] = [];
    mockApi({
      [DETAIL]: () => ok(detail()),
      [CATALOGUE]: () => ok(catalogue),
      [SAVE]: (body) => {
        saves.push(body as SaveDraftRequest);
        return ok({ status: 'draft', version: 4, savedAt: '2026-11-22T10:15:00.000Z' });
      },
    });
    renderPage();
    expect(await screen.findByText(/were not saved yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('Mailing address')).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText('Mailing address')).toHaveValue('广州市天河区');
    expect(screen.queryByText(/were not saved yet/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saves[0]?.sections.contact?.mailingAddress).toBe('广州市天河区'));
  });

  it('does not offer a copy that matches what the server holds, and drops it', async () => {
    writeLocalCopy('2027100001', { version: 3, sections: { contact: { mobile: ' 13800138001 ', email: '' } }, editedAt: Date.now() });
    mockApi({ [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue) });
    renderPage();
    await screen.findByLabelText('Mailing address');
    expect(screen.queryByText(/were not saved yet/)).toBeNull();
    await waitFor(() => expect(readLocalCopy('2027100001')).toBeNull());
  });

  it('says when a newer version was saved on the server than the one the copy was made on', async () => {
    writeLocalCopy('2027100001', { version: 2, sections: { contact: { mobile: '13800138001', mailingAddress: '广州市天河区' } }, editedAt: Date.parse('2026-11-22T08:30:00Z') });
    mockApi({ [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue) });
    renderPage();
    // 09:00 UTC is 17:00 in Beijing, the school's clock, whatever the browser's zone.
    expect(
      await screen.findByText('A newer version was saved on the server at Nov 22, 2026, 5:00 PM (Beijing time). Restoring replaces it with the copy from this device.'),
    ).toBeInTheDocument();
  });

  it('says nothing of a newer version when the copy was made on the saved one', async () => {
    writeLocalCopy('2027100001', { version: 3, sections: { contact: { mobile: '13800138001', mailingAddress: '广州市天河区' } }, editedAt: Date.parse('2026-11-22T08:30:00Z') });
    mockApi({ [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue) });
    renderPage();
    expect(await screen.findByText(/were not saved yet/)).toBeInTheDocument();
    expect(screen.queryByText(/A newer version was saved/)).toBeNull();
  });

  it('clears every form copy on the device (at logout), and nothing else', () => {
    writeLocalCopy('2027100001', { version: 1, sections: {}, editedAt: 1 });
    writeLocalCopy('2027200001', { version: 1, sections: {}, editedAt: 1 });
    localStorage.setItem('gradus.settings', '{}');
    clearAllLocalCopies();
    expect(readLocalCopy('2027100001')).toBeNull();
    expect(readLocalCopy('2027200001')).toBeNull();
    expect(localStorage.getItem('gradus.settings')).toBe('{}');
  });
});

describe('submitting and after', () => {
  it('asks before submitting, listing what locks, then shows the form read-only with a print button', async () => {
    let current = detail({ sections: complete });
    const calls = mockApi({
      [DETAIL]: () => ok(current),
      [CATALOGUE]: () => ok(catalogue),
      [SUBMIT]: () => {
        current = detail({ sections: complete, status: 'submitted', version: 4, submittedAt: '2026-11-22T10:20:00.000Z' });
        return ok({ status: 'submitted', version: 4, submittedAt: current.submittedAt });
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Submit your registration form?');
    expect(dialog).toHaveTextContent(/every section of this form/);
    expect(dialog).toHaveTextContent(/your application materials/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.find((c) => c.url === SUBMIT)?.body).toEqual({ version: 3 }));
    expect(await screen.findByText(/^Submitted on/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.getByText('王晓明 (Professor)')).toBeInTheDocument();
    expect(screen.getByText('北京大学')).toBeInTheDocument();
  });

  it('does not ask when required fields are missing: marks them instead', async () => {
    const calls = mockApi({ [DETAIL]: () => ok(detail()), [CATALOGUE]: () => ok(catalogue) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Some fields need attention: they are marked in red.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.url === SUBMIT)).toHaveLength(0);
  });

  it.each([
    ['the reply is lost', () => { throw new AxiosError('timeout of 5000ms exceeded', 'ECONNABORTED'); }],
    ['an earlier submit already went through', () => fail(409, 'The form has already been submitted. Nothing was changed.')],
  ])('shows the submitted form when %s', async (_name, reply) => {
    let current = detail({ sections: complete });
    mockApi({
      [DETAIL]: () => ok(current),
      [CATALOGUE]: () => ok(catalogue),
      [SUBMIT]: () => {
        current = detail({ sections: complete, status: 'submitted', version: 4, submittedAt: '2026-11-22T10:20:00.000Z' });
        return reply();
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/^Submitted on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });

  it('asks to sign in again when the submit meets an expired session', async () => {
    mockApi({ [DETAIL]: () => ok(detail({ sections: complete })), [CATALOGUE]: () => ok(catalogue), [SUBMIT]: () => fail(401, 'Your session has expired.') });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
  });

  it('the submitted-form page is read-only and prints the summary', async () => {
    const open = vi.spyOn(download, 'open').mockReturnValue(true);
    mockApi({
      [DETAIL]: () => ok(detail({ sections: complete, status: 'submitted', submittedAt: '2026-11-22T10:20:00.000Z' })),
      [CATALOGUE]: () => ok(catalogue),
      [PDF]: () => ({ data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), headers: { 'content-type': 'application/pdf' } }),
    });
    renderPage('submitted');
    fireEvent.click(await screen.findByRole('button', { name: /Print summary \(PDF\)/ }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('110***********231X')).toBeInTheDocument();
    open.mockRestore();
  });

  it('a returned form shows the reason and opens only the reopened sections', async () => {
    mockApi({
      [DETAIL]: () => ok(detail({ sections: { ...complete, education: [complete.education![0]!, { ...complete.education![0]!, school: '清华大学' }] }, status: 'returned', reopenedSections: ['contact', 'plan'], returnReason: '请补充紧急联系人' })),
      [CATALOGUE]: () => ok(catalogue),
    });
    renderPage();
    expect(await screen.findByText('Reviewer’s reason: 请补充紧急联系人')).toBeInTheDocument();
    expect(screen.getByText(/You can change: Contact and mailing address, Research plan summary/)).toBeInTheDocument();
    expect(screen.getByLabelText('Mailing address')).toBeEnabled();
    expect(screen.getAllByLabelText('School or university')[0]).toBeDisabled();
    // Rows of a closed section can be neither removed nor added, though the row limits would allow it.
    expect(screen.getByRole('button', { name: 'Remove Education 2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add education' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit again' })).toBeEnabled();
  });

  it('a returned form says by when to correct it, and stays editable after registration closed', async () => {
    const until = '2026-12-01T10:00:00.000Z';
    mockApi({
      [DETAIL]: () =>
        ok(detail({ sections: complete, status: 'returned', reopenedSections: ['plan'], returnReason: '请补充研究计划', returnedUntil: until, submission: { opensAt: null, closesAt: until, open: true, closed: false } })),
      [CATALOGUE]: () => ok(catalogue),
    });
    renderPage();
    expect(await screen.findByText('Correct the reopened sections by Dec 1, 2026, 6:00 PM (Beijing time).')).toBeInTheDocument();
    expect(screen.queryByText(/^Submission closes on/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit again' })).toBeEnabled();
  });

  it('a returned form past its deadline is read-only and says the deadline passed', async () => {
    const until = '2026-11-20T10:00:00.000Z';
    mockApi({
      [DETAIL]: () => ok(detail({ sections: complete, status: 'returned', reopenedSections: ['plan'], returnReason: 'x', returnedUntil: until, submission: { opensAt: null, closesAt: until, open: false, closed: true } })),
      [CATALOGUE]: () => ok(catalogue),
    });
    renderPage();
    expect(await screen.findByText('The deadline for corrections, Nov 20, 2026, 6:00 PM (Beijing time), has passed.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('month rules', () => {
  const check = (value: string) => (pastMonthRule(() => 'From') as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);
  it('refuses a start month ahead of this one, takes this one and earlier', async () => {
    const now = new Date();
    const ahead = `${now.getFullYear() + 1}-01`;
    await expect(check(ahead)).rejects.toThrow('From cannot be in the future.');
    await expect(check('2020-09')).resolves.toBeUndefined();
  });
});
