import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReviewLinkView, ReviewSessionView } from '@gradus/contract/api/review-link';
import type { MyInterviewSessionsView, PanelApplicantView, PanelSessionView } from '@gradus/contract/api/staff-interview';
import { currentLocation, renderApp } from '@/test/render';
import { fail, mockApi, ok, type Call } from '@/test/api';

const BASE = '/mucgrs-service/review-link';
const TOKEN = 'P'.repeat(43);
const REVIEW_TOKEN = 'S'.repeat(43);
const LINK: ReviewLinkView = { expertName: '陈立群', maskedEmail: 'c***@fudan.example.edu', stage: 'language', recruitYear: '2027', expiresAt: '2026-12-24T00:00:00.000Z', verified: false };
const SESSION: ReviewSessionView = { expertName: '陈立群', affiliation: '复旦大学', stage: 'language', recruitYear: '2027', expiresAt: '2026-12-24T00:00:00.000Z', declaredAt: null, closed: false };
const PROGRAMME = { id: 11, code: 'CS-PHD-081200', nameZh: '计算机科学与技术（博士）', nameEn: 'Computer Science and Technology (PhD)' };
const MINE: MyInterviewSessionsView = {
  sessions: [{ id: 9, kind: 'language', programme: PROGRAMME, startsAt: '2027-03-21T02:00:00.000Z', room: 'Room 210', secretary: false, applicantCount: 2, mySubmitted: 0, lockedAt: null }],
};
const applicant = (position: number, name: string): PanelApplicantView => ({
  position,
  applicationId: 600 + position,
  applicantNumber: `202710010${position}`,
  name,
  mine: { status: 'notStarted', scores: {}, total: null, comment: '', version: 0 },
  others: null,
});
const PANEL: PanelSessionView = {
  id: 9,
  kind: 'language',
  programme: PROGRAMME,
  startsAt: MINE.sessions[0]!.startsAt,
  room: 'Room 210',
  sheet: { programmeId: 11, stage: 'language', items: [{ key: 'oral', nameZh: '口语', nameEn: 'Speaking', max: '50', weight: '1' }], maximum: '50.00', version: 1, inUse: true },
  panel: [
    { userId: 3, name: '赵敏', secretary: true, submitted: 0 },
    { userId: 40, name: '陈立群', secretary: false, submitted: 0 },
  ],
  applicants: [applicant(1, '王磊'), applicant(2, '赵俊杰')],
  secretary: false,
  lockedAt: null,
  lockedBy: null,
};

/**
 * An external panel member's interview link (/scoresReview?token=): the identity step, the
 * declaration over the sessions' applicants, then the tablet screen, every call made on the
 * link's review session, never the portal's.
 */
describe('the interview link', () => {
  let declared: string | null;
  const server = (extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) =>
    mockApi({
      [`${BASE}/open`]: () => ok(LINK),
      [`${BASE}/sendCode`]: () => ok({ maskedEmail: LINK.maskedEmail, resendAfterSeconds: 60 }),
      [`${BASE}/verify`]: (body) => ((body as { code: string }).code === '424242' ? ok({ reviewToken: REVIEW_TOKEN, expiresAt: LINK.expiresAt }) : fail(400, 'The code is not right.')),
      [`${BASE}/session`]: () => ok({ ...SESSION, declaredAt: declared }),
      [`${BASE}/interview/mine`]: () => ok(MINE),
      [`${BASE}/interview/panel`]: () => ok(PANEL),
      [`${BASE}/declare`]: () => ((declared = '2026-11-24T08:00:00.000Z'), ok({ ...SESSION, declaredAt: declared })),
      [`${BASE}/interview/saveScore`]: () => ok({ version: 1, total: '44.00', status: 'submitted' }),
      ...extra,
    });
  beforeEach(() => {
    declared = null;
    localStorage.clear();
  });
  afterEach(() => localStorage.clear());

  it('goes from /review to the panel’s screen for an interview link', async () => {
    server();
    renderApp(`/review?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Send me the code' })).toBeInTheDocument();
    expect(currentLocation()).toBe(`/scoresReview?token=${TOKEN}`);
  });

  it('confirms the member, asks the declaration over the sessions’ applicants, then scores on the tablet screen with the link’s session', async () => {
    const calls: Call[] = server();
    renderApp(`/scoresReview?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Send me the code' }));
    fireEvent.change(await screen.findByLabelText('Code from the mail'), { target: { value: '424242' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Declaration of no conflict of interest' })).toBeInTheDocument();
    const order = await screen.findByRole('list', { name: 'Applicants, in interview order' });
    expect(within(order).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['王磊 2027100101', '赵俊杰 2027100102']);
    expect(screen.getByText(/tell the admissions office, which seats another member on that panel/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and go to scoring' }));
    expect(await screen.findByText('Tick the declaration to go on.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/declare'))).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: /I declare that I have no conflict of interest with any of these applicants/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and go to scoring' }));

    const nav = await screen.findByRole('navigation', { name: 'Applicants, in interview order' });
    expect(within(nav).getAllByRole('button')).toHaveLength(2);
    // Not the secretary: no lock.
    expect(screen.queryByRole('button', { name: 'Lock the session' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Speaking/), { target: { value: '44' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((c) => c.url === `${BASE}/interview/saveScore`)).toBe(true));
    const saved = calls.find((c) => c.url === `${BASE}/interview/saveScore`)!;
    expect(saved.body).toEqual({ sessionId: 9, applicationId: 601, scores: { oral: '44' }, comment: '', submit: true, version: 0 });
    expect(saved.headers.Authorization).toBe(`Bearer ${REVIEW_TOKEN}`);
    expect(calls.some((c) => c.url.includes('/staff/'))).toBe(false);
  });

  it('offers the secretary the lock, and no record before it', async () => {
    localStorage.setItem('gradus.reviewSessions', JSON.stringify({ [TOKEN]: REVIEW_TOKEN }));
    declared = '2026-11-24T08:00:00.000Z';
    server({ [`${BASE}/interview/panel`]: () => ok({ ...PANEL, secretary: true }) });
    renderApp(`/scoresReview?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Lock the session' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print the record' })).toBeNull();
  });

  it('prints the record of a locked session, from the link’s session', async () => {
    localStorage.setItem('gradus.reviewSessions', JSON.stringify({ [TOKEN]: REVIEW_TOKEN }));
    declared = '2026-11-24T08:00:00.000Z';
    server({ [`${BASE}/interview/panel`]: () => ok({ ...PANEL, lockedAt: '2027-03-21T05:00:00.000Z', lockedBy: '赵敏' }) });
    renderApp(`/scoresReview?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Print the record' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock the session' })).toBeNull();
  });

  it('shows why a dead review session no longer works, and starts again from the link', async () => {
    localStorage.setItem('gradus.reviewSessions', JSON.stringify({ [TOKEN]: REVIEW_TOKEN }));
    server({ [`${BASE}/session`]: () => fail(401, 'A newer link was mailed to you; use that one.') });
    renderApp(`/scoresReview?token=${TOKEN}`);
    expect(await screen.findByText('A newer link was mailed to you; use that one.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start again from the link' }));
    expect(await screen.findByRole('button', { name: 'Send me the code' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('gradus.reviewSessions')!)).toEqual({});
  });
});
