import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AdmissionTicketView, ReviewResultView, ScoreResultView, TicketResultView } from '@gradus/contract/doctor/results';
import { download } from '@/lib/download';
import { changeLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/test/api';
import { Wrapper } from '@/test/render';
import AssessmentScorePage from './pages/AssessmentScorePage';
import AssessmentTicketPage from './pages/AssessmentTicketPage';
import LanguageReviewPage from './pages/LanguageReviewPage';
import LanguageScorePage from './pages/LanguageScorePage';
import LanguageTicketPage from './pages/LanguageTicketPage';
import ProposedAdmissionPage from './pages/ProposedAdmissionPage';
import QualificationReviewPage from './pages/QualificationReviewPage';

const REVIEW = '/mucgrs-service/doctor/results/review';
const TICKET = '/mucgrs-service/doctor/results/ticket';
const TICKET_PDF = '/mucgrs-service/doctor/results/ticketPdf';
const SCORE = '/mucgrs-service/doctor/results/score';

const show = (page: ReactNode) => render(<Wrapper>{page}</Wrapper>);

const TICKET_VIEW: AdmissionTicketView = {
  ticketNo: '2027L048213',
  kind: 'language',
  name: '张伟',
  applicantNumber: '2027100001',
  idNumber: '110***********2316',
  subject: '英语',
  startsAt: '2027-03-15T01:00:00.000Z',
  endsAt: '2027-03-15T03:30:00.000Z',
  venue: 'Main Building',
  room: '305',
  seat: '17',
  notes: 'Bring your ID card.',
  photoPath: '/zsData/material/photo-2027100001.jpg',
};
const FILE_BYTE = '/mucgrs-service/system/files/getFileByte';
const JPEG = () => ({ data: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }), headers: { 'content-type': 'image/jpeg' } });

describe('review result pages', () => {
  it('say "not yet published" until release, asking for their own stage', async () => {
    const calls = mockApi({ [REVIEW]: () => ok({ published: false } satisfies ReviewResultView) });
    show(<QualificationReviewPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Eligibility review result' })).toBeInTheDocument();
    expect(await screen.findByText('Not yet published')).toBeInTheDocument();
    expect(screen.getByText('Results appear here once the graduate school publishes them.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === REVIEW)?.body).toEqual({ stage: 'qualificationReview' });
  });

  it('show a pass as success with what comes next', async () => {
    mockApi({ [REVIEW]: () => ok({ published: true, outcome: 'pass', reason: null, decidedAt: '2027-05-20T02:00:00.000Z' } satisfies ReviewResultView) });
    show(<ProposedAdmissionPage />);
    expect(await screen.findByText('Passed')).toBeInTheDocument();
    expect(screen.getByText('Congratulations, you are proposed for admission. Please fill in your admission information.')).toBeInTheDocument();
    expect(screen.getByText(/Decided on May 20, 2027/)).toBeInTheDocument();
  });

  it('show a fail with the reason', async () => {
    mockApi({ [REVIEW]: () => ok({ published: true, outcome: 'fail', reason: 'CET-6 certificate expired', decidedAt: '2027-04-01T02:00:00.000Z' } satisfies ReviewResultView) });
    show(<LanguageReviewPage />);
    expect(await screen.findByText('Not passed')).toBeInTheDocument();
    expect(screen.getByText('CET-6 certificate expired')).toBeInTheDocument();
  });

  it('published without a decision yet: the review is in progress, calmly, and not "not yet published"', async () => {
    mockApi({ [REVIEW]: () => ok({ published: true, outcome: null, reason: null, decidedAt: null } satisfies ReviewResultView) });
    show(<QualificationReviewPage />);
    expect(await screen.findByText('Your review is in progress')).toBeInTheDocument();
    expect(screen.getByText(/Your result will appear here as soon as it is recorded/)).toBeInTheDocument();
    expect(screen.queryByText('Not yet published')).toBeNull();
    expect(screen.queryByText(/mistake/)).toBeNull();
  });

  it('offer a retry when the call fails, and recover', async () => {
    let attempts = 0;
    mockApi({ [REVIEW]: () => (++attempts === 1 ? { status: 503, data: '' } : ok({ published: false })) });
    show(<QualificationReviewPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Not yet published')).toBeInTheDocument();
  });

  it('say a refusal in place (not a doctoral session)', async () => {
    mockApi({ [REVIEW]: () => fail(403, 'You do not have permission to do this.') });
    show(<QualificationReviewPage />);
    expect(await screen.findByText('This page is for doctoral applicants')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to do this.')).toBeInTheDocument();
  });

  it('speak the reader’s language', async () => {
    await changeLanguage('zh-CN');
    mockApi({ [REVIEW]: () => ok({ published: false }) });
    show(<QualificationReviewPage />);
    expect(await screen.findByText('尚未发布')).toBeInTheDocument();
  });
});

describe('ticket pages', () => {
  it('show the approved ID photo on screen, fetched by its file path, as on the printed ticket', async () => {
    const calls = mockApi({ [TICKET]: () => ok({ published: true, ticket: TICKET_VIEW } satisfies TicketResultView), [FILE_BYTE]: JPEG });
    show(<LanguageTicketPage />);
    const photo = await screen.findByRole('img', { name: 'ID photo' });
    expect(photo.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    expect(calls.find((c) => c.url === FILE_BYTE)?.body).toEqual({ filePath: TICKET_VIEW.photoPath });
    expect(screen.queryByText(/No approved photo/)).toBeNull();
  });

  it('without an approved photo, show the empty frame and say why, fetching nothing', async () => {
    const calls = mockApi({ [TICKET]: () => ok({ published: true, ticket: { ...TICKET_VIEW, photoPath: null } } satisfies TicketResultView) });
    show(<LanguageTicketPage />);
    expect(await screen.findByText('No approved photo: paste one into the frame on the printed ticket.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'ID photo' })).toBeNull();
    expect(calls.some((c) => c.url === FILE_BYTE)).toBe(false);
  });

  it('show the ticket in Beijing time and open the PDF in a new window', async () => {
    const open = vi.spyOn(download, 'open').mockReturnValue(true);
    const calls = mockApi({
      [TICKET]: () => ok({ published: true, ticket: TICKET_VIEW } satisfies TicketResultView),
      [TICKET_PDF]: () => ({ data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), headers: { 'content-type': 'application/pdf' } }),
    });
    show(<LanguageTicketPage />);
    expect(await screen.findByTestId('ticket-ticketNo')).toHaveTextContent('2027L048213');
    expect(screen.getByTestId('ticket-name')).toHaveTextContent('张伟');
    expect(screen.getByTestId('ticket-idNumber')).toHaveTextContent('110***********2316');
    expect(screen.getByTestId('ticket-time')).toHaveTextContent('Monday, March 15, 2027 09:00–11:30 (Beijing time)');
    expect(screen.getByText('Bring your ID card.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Download ticket \(PDF\)/ }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.url === TICKET_PDF)?.body).toEqual({ kind: 'language' });
    open.mockRestore();
  });

  it('save the PDF when the browser blocks the new window, and say so', async () => {
    vi.spyOn(download, 'open').mockReturnValue(false);
    const save = vi.spyOn(download, 'save').mockImplementation(() => {});
    mockApi({
      [TICKET]: () => ok({ published: true, ticket: TICKET_VIEW }),
      [TICKET_PDF]: () => ({
        data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
        headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="x.pdf"; filename*=UTF-8''${encodeURIComponent('张伟 - 外语考试准考证.pdf')}` },
      }),
    });
    show(<LanguageTicketPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Download ticket \(PDF\)/ }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.any(Blob), '张伟 - 外语考试准考证.pdf'));
    expect(await screen.findByText(/blocked the new window/)).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('show the server’s refusal when the PDF cannot be had', async () => {
    const open = vi.spyOn(download, 'open');
    mockApi({
      [TICKET]: () => ok({ published: true, ticket: TICKET_VIEW }),
      [TICKET_PDF]: () => ({ data: new Blob([JSON.stringify({ code: 403, msg: 'This result has not been published yet.' })], { type: 'application/json' }), headers: { 'content-type': 'application/json' } }),
    });
    show(<LanguageTicketPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Download ticket \(PDF\)/ }));
    expect(await screen.findByText('This result has not been published yet.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('say when there is no ticket for this applicant, and when tickets are not published', async () => {
    mockApi({ [TICKET]: (body) => ok((body as { kind: string }).kind === 'assessment' ? { published: true, ticket: null } : { published: false }) });
    show(<AssessmentTicketPage />);
    expect(await screen.findByText('You have no ticket for this exam')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    show(<LanguageTicketPage />);
    expect(await screen.findByText('Not yet published')).toBeInTheDocument();
  });
});

describe('score pages', () => {
  it('show the exact score with its breakdown and remark', async () => {
    mockApi({
      [SCORE]: () =>
        ok({
          published: true,
          score: { kind: 'language', score: '78.5', maxScore: '100', detail: [{ item: 'Listening', score: '20', max: '30' }, { item: 'Writing', score: '58.5' }], remark: 'Oral exam waived', recordedAt: '2027-04-10T02:00:00.000Z' },
        } satisfies ScoreResultView),
    });
    show(<LanguageScorePage />);
    expect(await screen.findByText('Your score')).toBeInTheDocument();
    expect(screen.getByText('78.5')).toBeInTheDocument();
    expect(screen.getByText('/ 100')).toBeInTheDocument();
    expect(screen.getByText('Listening')).toBeInTheDocument();
    expect(screen.getByText('20 / 30')).toBeInTheDocument();
    expect(screen.getByText('58.5')).toBeInTheDocument();
    expect(screen.getByText('Oral exam waived')).toBeInTheDocument();
  });

  it('the assessment page shows each kind as published on its own', async () => {
    const calls = mockApi({
      [SCORE]: (body) =>
        ok(
          (body as { kind: string }).kind === 'assessment'
            ? { published: true, score: { kind: 'assessment', score: '88', maxScore: '100', detail: [], remark: '', recordedAt: '2027-04-10T02:00:00.000Z' } }
            : { published: false },
        ),
    });
    show(<AssessmentScorePage />);
    expect(await screen.findByText('88')).toBeInTheDocument();
    expect(await screen.findByText('Not yet published')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === SCORE).map((c) => c.body)).toEqual(expect.arrayContaining([{ kind: 'assessment' }, { kind: 'final' }]));
  });
});
