import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AdmissionDetailView, AdmissionKind, ArchiveInfo } from '@gradus/contract/doctor/admission';
import { download } from '@/lib/download';
import { fail, mockApi, ok } from '@/test/api';
import { Wrapper } from '@/test/render';
import ArchiveTransferPage from './pages/ArchiveTransferPage';
import NoticeMailingPage from './pages/NoticeMailingPage';
import PaperLetterMailingPage from './pages/PaperLetterMailingPage';

const DETAIL = '/mucgrs-service/doctor/admission/detail';
const SAVE = '/mucgrs-service/doctor/admission/save';
const LETTER = '/mucgrs-service/doctor/admission/letterPdf';

function view<K extends AdmissionKind>(kind: K, over: Partial<AdmissionDetailView<K>> = {}): AdmissionDetailView<K> {
  return {
    kind,
    data: {},
    saved: false,
    updatedAt: null,
    trackingNumber: null,
    postedAt: null,
    editable: true,
    lock: null,
    window: { opensAt: null, closesAt: '2027-06-30T09:00:00.000Z' },
    internationalMobile: false,
    applies: true,
    ...over,
  };
}

const ARCHIVE: ArchiveInfo = {
  archiveUnitName: '北京市海淀区人才交流中心',
  archiveUnitAddress: '北京市海淀区中关村大街 1 号',
  archivePostcode: '100080',
  archiveContactPerson: '李老师',
  archiveContactPhone: '010-62751234',
  heldByTalentCentre: true,
};

const field = (label: string) => screen.getByLabelText(label);
const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('ArchiveTransferPage', () => {
  it('checks each field as the server does, sends nothing on bad input, then saves and enables printing', async () => {
    let saved: AdmissionDetailView<'archive'> = view('archive');
    const calls = mockApi({
      [DETAIL]: () => ok(saved),
      [SAVE]: (body) => {
        saved = view('archive', { data: (body as { data: ArchiveInfo }).data, saved: true, updatedAt: '2026-11-22T09:00:00.000Z' });
        return ok({ updatedAt: saved.updatedAt });
      },
    });
    render(
      <Wrapper>
        <ArchiveTransferPage />
      </Wrapper>,
    );
    await screen.findByRole('heading', { name: 'File transfer letter' });
    const print = await screen.findByRole('button', { name: 'Print file-transfer letter (PDF)' });
    expect(print).toBeDisabled();
    expect(screen.getByText('Save the unit details first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mailing details for the paper letter' })).toHaveAttribute('href', '/Admission/admissionInformationChange');

    fill('Unit holding your personnel file', ARCHIVE.archiveUnitName);
    fill('Address of that unit', ARCHIVE.archiveUnitAddress);
    fill('Postcode', '10008');
    fill('Contact person', ARCHIVE.archiveContactPerson);
    fill('Contact phone', '62751234');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Postcode must be 6 digits.')).toBeInTheDocument();
    expect(await screen.findByText(/Contact phone: enter a mainland mobile number or a landline/)).toBeInTheDocument();
    expect(await screen.findByText('Please choose Yes or No.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === SAVE)).toHaveLength(0);

    fill('Postcode', '100080');
    fill('Contact phone', ARCHIVE.archiveContactPhone);
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.url === SAVE)).toHaveLength(1));
    expect(calls.find((c) => c.url === SAVE)!.body).toEqual({ kind: 'archive', data: ARCHIVE });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print file-transfer letter (PDF)' })).toBeEnabled());
    expect(screen.getByText(/Last saved/)).toBeInTheDocument();
  });

  it('opens the letter PDF the server sends', async () => {
    const open = vi.spyOn(download, 'open').mockReturnValue(true);
    const calls = mockApi({
      [DETAIL]: () => ok(view('archive', { data: ARCHIVE, saved: true, updatedAt: '2026-11-22T09:00:00.000Z' })),
      [LETTER]: () => ({ data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), headers: { 'content-type': 'application/pdf' } }),
    });
    render(
      <Wrapper>
        <ArchiveTransferPage />
      </Wrapper>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Print file-transfer letter (PDF)' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(calls.some((c) => c.url === LETTER)).toBe(true);
    open.mockRestore();
  });

  it('after the window closes shows the values read-only, with the reason', async () => {
    mockApi({ [DETAIL]: () => ok(view('archive', { data: ARCHIVE, saved: true, editable: false, lock: 'closed' })) });
    render(
      <Wrapper>
        <ArchiveTransferPage />
      </Wrapper>,
    );
    expect(await screen.findByText(/The period for admission details ended on Jun 30, 2027, 5:00\sPM \(Beijing time\)/)).toBeInTheDocument();
    expect(field('Unit holding your personnel file')).toHaveValue(ARCHIVE.archiveUnitName);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    // Printing stays possible: the letter may be needed again.
    expect(screen.getByRole('button', { name: 'Print file-transfer letter (PDF)' })).toBeEnabled();
  });

  it('tells a Hong Kong, Macao or Taiwan applicant there is no personnel file, and points to the notice’s address', async () => {
    mockApi({ [DETAIL]: () => ok(view('archive', { applies: false, editable: false, internationalMobile: true })) });
    render(
      <Wrapper>
        <ArchiveTransferPage />
      </Wrapper>,
    );
    expect(await screen.findByText(/Applicants from Hong Kong, Macao and Taiwan have no personnel file on the mainland/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Give the address for the admission notice' })).toHaveAttribute('href', '/Admission/noticeInformation');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print file-transfer letter (PDF)' })).toBeNull();
  });

  it('an applicant who is not admitted reads the server reason instead of a form', async () => {
    mockApi({ [DETAIL]: () => fail(403, 'This is not available at your stage of the application.') });
    render(
      <Wrapper>
        <ArchiveTransferPage />
      </Wrapper>,
    );
    expect(await screen.findByText('This is not available at your stage of the application.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('NoticeMailingPage', () => {
  it('starts from the suggested address and shows the tracking number as the graduate school fills it', async () => {
    mockApi({ [DETAIL]: () => ok(view('notice', { data: { noticeRecipient: '张伟', noticeMobile: '13800138000' } })) });
    render(
      <Wrapper>
        <NoticeMailingPage />
      </Wrapper>,
    );
    expect(await screen.findByText('Not saved yet. Check the suggested values and save.')).toBeInTheDocument();
    expect(field('Recipient')).toHaveValue('张伟');
    const tracking = field('Tracking number');
    expect(tracking).toHaveAttribute('readonly');
    expect(tracking).toHaveValue('');
    expect(screen.getByText('Filled in by the graduate school once it has been posted.')).toBeInTheDocument();
  });

  it('once posted: the date, the number, and an address that can no longer change', async () => {
    mockApi({
      [DETAIL]: () =>
        ok(view('notice', { data: { noticeRecipient: '张伟' }, saved: true, trackingNumber: 'EA123456789CN', postedAt: '2027-07-02T12:00:00.000Z', editable: false, lock: 'posted' })),
    });
    render(
      <Wrapper>
        <NoticeMailingPage />
      </Wrapper>,
    );
    expect(await screen.findByText('The admission notice was posted on July 2, 2027.')).toBeInTheDocument();
    expect(screen.getByText('Tracking number: EA123456789CN')).toBeInTheDocument();
    expect(field('Tracking number')).toHaveValue('EA123456789CN');
    expect(screen.getByText('The admission notice has been posted to this address, so it can no longer be changed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('NoticeMailingPage for a Hong Kong, Macao or Taiwan applicant', () => {
  const NOTICE = { noticeRecipient: '陳嘉欣', noticeProvince: '香港', noticeCity: '香港', noticeAddress: '九龙塘达之路83号', noticePostcode: '999077' };

  it.each([
    [true, 1],
    [false, 0],
  ] as const)('internationalMobile %s: a Hong Kong mobile is saved %i time(s)', async (internationalMobile, saves) => {
    const calls = mockApi({ [DETAIL]: () => ok(view('notice', { data: NOTICE, internationalMobile })), [SAVE]: () => ok({ updatedAt: '2027-06-01T01:00:00.000Z' }) });
    render(
      <Wrapper>
        <NoticeMailingPage />
      </Wrapper>,
    );
    fireEvent.change(await screen.findByLabelText('Recipient mobile number'), { target: { value: '+852 9123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    if (saves) {
      await waitFor(() => expect(calls.filter((c) => c.url === SAVE)).toHaveLength(1));
      expect(calls.find((c) => c.url === SAVE)!.body).toMatchObject({ kind: 'notice', data: { noticeMobile: '+85291234567' } });
    } else {
      expect(await screen.findByText(/valid mobile number/)).toBeInTheDocument();
      expect(calls.filter((c) => c.url === SAVE)).toHaveLength(0);
    }
  });
});

describe('dates', () => {
  it('deadlines are Beijing times, labelled so', async () => {
    mockApi({ [DETAIL]: () => ok(view('notice', { window: { opensAt: null, closesAt: '2027-06-30T09:00:00.000Z' } })) });
    render(
      <Wrapper>
        <NoticeMailingPage />
      </Wrapper>,
    );
    expect(await screen.findByText(/You can change these details until Jun 30, 2027, 5:00\sPM \(Beijing time\)\./)).toBeInTheDocument();
  });
});

describe('PaperLetterMailingPage', () => {
  it('links back to the letter page and says so in Chinese', async () => {
    mockApi({ [DETAIL]: () => ok(view('paperLetter')) });
    const { changeLanguage } = await import('@/lib/i18n');
    await changeLanguage('zh-CN');
    render(
      <Wrapper>
        <PaperLetterMailingPage />
      </Wrapper>,
    );
    expect(await screen.findByRole('heading', { name: '纸质调档函邮寄信息' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '返回调档函页面' })).toHaveAttribute('href', '/Admission/admissionInformation');
    expect(field('快递单号')).toHaveAttribute('placeholder', '尚未寄出');
  });
});
