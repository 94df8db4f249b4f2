import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReviewLinkView, ReviewSessionView } from '@gradus/contract/api/review-link';
import type { MyReviewsView } from '@gradus/contract/api/staff-scoring';
import { renderApp } from '@/test/render';
import { fail, mockApi, ok, type Call } from '@/test/api';

const BASE = '/mucgrs-service/review-link';
const TOKEN = 'T'.repeat(43);
const LINK: ReviewLinkView = { expertName: 'María García', maskedEmail: 'm***@usal.example.es', stage: 'materialReview', recruitYear: '2027', expiresAt: '2026-12-24T00:00:00.000Z', verified: false };
const SESSION: ReviewSessionView = { expertName: 'María García', affiliation: 'Universidad de Salamanca', stage: 'materialReview', recruitYear: '2027', expiresAt: '2026-12-24T00:00:00.000Z', declaredAt: null, closed: false };
const MINE: MyReviewsView = {
  stage: 'materialReview',
  closed: false,
  rows: [{ applicationId: 7, applicantNumber: '2027100031', name: '李华', programme: { code: 'ECON-PHD-020100', nameZh: '理论经济学（博士）', nameEn: 'Theoretical Economics (PhD)' }, status: 'notStarted', total: null }],
};

/**
 * The external expert's page (/review?token=) against the review-link calls: the identity step
 * with the mailed code, the server's refusal shown in its words, the review session kept and sent
 * as the credentials, the declaration required before any file opens.
 */
describe('ExternalReviewPage', () => {
  let declared: string | null;
  const server = (verify: (body: { code: string }) => ReturnType<typeof ok>) =>
    mockApi({
      [`${BASE}/open`]: () => ok(LINK),
      [`${BASE}/sendCode`]: () => ok({ maskedEmail: LINK.maskedEmail, resendAfterSeconds: 60 }),
      [`${BASE}/verify`]: (body) => verify(body as { code: string }),
      [`${BASE}/session`]: () => ok({ ...SESSION, declaredAt: declared }),
      [`${BASE}/mine`]: () => ok(MINE),
      [`${BASE}/declare`]: () => ((declared = '2026-11-24T08:00:00.000Z'), ok({ ...SESSION, declaredAt: declared })),
    });
  beforeEach(() => {
    declared = null;
    localStorage.clear();
  });
  afterEach(() => localStorage.clear());

  it('confirms the expert with the mailed code, shows a wrong code in the server’s words, then asks for the declaration', async () => {
    let calls: Call[] = [];
    calls = server(({ code }) => (code === '424242' ? ok({ reviewToken: 'R'.repeat(43), expiresAt: LINK.expiresAt }) : fail(400, 'The code is not right. 4 tries left.')));
    renderApp(`/review?token=${TOKEN}`);
    expect(await screen.findByText(/we send a six-digit code to m\*\*\*@usal\.example\.es/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send me the code' }));
    const code = await screen.findByLabelText('Code from the mail');
    expect(screen.getByRole('button', { name: /New code in 60 s/ })).toBeDisabled();

    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the six digits from the mail.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/verify'))).toHaveLength(0);

    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is not right. 4 tries left.')).toBeInTheDocument();

    fireEvent.change(code, { target: { value: '424242' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Declaration of no conflict of interest' })).toBeInTheDocument();
    expect(screen.getByText('李华')).toBeInTheDocument();
    // The review session, not the portal's, is the credentials of every later call.
    const sessionCall = calls.find((c) => c.url.endsWith('/session'))!;
    expect(sessionCall.headers.Authorization).toBe(`Bearer ${'R'.repeat(43)}`);
    expect(JSON.parse(localStorage.getItem('gradus.reviewSessions')!)).toEqual({ [TOKEN]: 'R'.repeat(43) });

    fireEvent.click(screen.getByRole('button', { name: 'Confirm and start the review' }));
    expect(await screen.findByText('Tick the declaration to go on.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/declare'))).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: /I declare that I have no conflict of interest/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and start the review' }));
    expect(await screen.findByRole('heading', { name: 'Applications to review' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Score 李华' })).toBeInTheDocument();
  });

  it('comes back to the review in the browser that passed the identity step, and tells another browser the link is used', async () => {
    server(() => ok({}));
    // Another link's session, kept beside it, does not get in the way.
    localStorage.setItem('gradus.reviewSessions', JSON.stringify({ ['O'.repeat(43)]: 'S'.repeat(43), [TOKEN]: 'R'.repeat(43) }));
    declared = '2026-11-24T08:00:00.000Z';
    const first = renderApp(`/review?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Applications to review' })).toBeInTheDocument();
    first.unmount();

    localStorage.clear();
    mockApi({ [`${BASE}/open`]: () => ok({ ...LINK, verified: true }) });
    renderApp(`/review?token=${TOKEN}`);
    expect(await screen.findByText(/This link was already used to confirm an identity, in another browser/)).toBeInTheDocument();
  });

  it('says why a link no longer works, in the server’s words', async () => {
    mockApi({ [`${BASE}/open`]: () => fail(403, 'This review link has expired. Ask the admissions office to send you a new one.') });
    renderApp(`/review?token=${TOKEN}`);
    expect(await screen.findByText('This review link has expired. Ask the admissions office to send you a new one.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send me the code' })).toBeNull());
  });
});
