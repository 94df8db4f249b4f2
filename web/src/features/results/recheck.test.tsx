import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RecheckStatusView } from '@gradus/contract/api/score-rechecks';
import type { ScoreResultView } from '@gradus/contract/doctor/results';
import { fail, mockApi, ok } from '@/test/api';
import { Wrapper } from '@/test/render';
import LanguageScorePage from './pages/LanguageScorePage';

const SCORE = '/mucgrs-service/doctor/results/score';
const RECHECK = '/mucgrs-service/doctor/results/recheck';
const REQUEST = '/mucgrs-service/doctor/results/requestRecheck';
const RELEASED: ScoreResultView = { published: true, score: { kind: 'language', score: '70', maxScore: '100', detail: [], remark: '', recordedAt: '2027-04-10T02:00:00.000Z' } };
const WINDOW = { kind: 'language' as const, opensAt: '2027-04-12T00:00:00.000Z', closesAt: '2027-04-19T00:00:00.000Z' };
const OPEN: RecheckStatusView = { published: true, hasScore: true, window: WINDOW, open: true, canRequest: true, request: null };
const ASKED = { kind: 'language' as const, reason: 'Listening seems unmarked.', state: 'requested' as const, requestedAt: '2027-04-13T02:00:00.000Z', outcome: null, answer: null, oldScore: '70', newScore: null, answeredAt: null };
const show = () => render(<Wrapper><LanguageScorePage /></Wrapper>);
const section = () => screen.findByRole('region', { name: 'Score re-check' });

describe('score re-check on the score page', () => {
  it('shows nothing of a re-check before the score is released', async () => {
    const calls = mockApi({ [SCORE]: () => ok({ published: false }), [RECHECK]: () => ok({ published: false }) });
    show();
    expect(await screen.findByText('Not yet published')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === RECHECK)).toBe(true));
    expect(screen.queryByRole('button', { name: 'Request a re-check' })).not.toBeInTheDocument();
  });

  it('asks once with a reason inside the window, then shows the request waiting', async () => {
    const calls = mockApi({ [SCORE]: () => ok(RELEASED), [RECHECK]: () => ok(OPEN), [REQUEST]: () => ok({ ...OPEN, canRequest: false, request: ASKED } satisfies RecheckStatusView) });
    show();
    const panel = await section();
    expect(within(panel).getByText(/Re-checks can be asked from .* \(Beijing time\)/)).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Request a re-check' }));
    const send = within(panel).getByRole('button', { name: 'Send the request' });
    expect(send).toBeDisabled();
    fireEvent.change(within(panel).getByLabelText('Why should the score be re-checked?'), { target: { value: '  Listening seems unmarked. ' } });
    fireEvent.click(send);
    await waitFor(() => expect(calls.filter((c) => c.url === REQUEST).map((c) => c.body)).toEqual([{ kind: 'language', reason: 'Listening seems unmarked.' }]));
    expect(await within(panel).findByText('Asked, waiting for the admissions office’s answer')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Request a re-check' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal and changes nothing', async () => {
    mockApi({ [SCORE]: () => ok(RELEASED), [RECHECK]: () => ok(OPEN), [REQUEST]: () => fail(403, 'Re-checks of this score closed at 2027-04-19T00:00:00.000Z.') });
    show();
    const panel = await section();
    fireEvent.click(within(panel).getByRole('button', { name: 'Request a re-check' }));
    fireEvent.change(within(panel).getByLabelText('Why should the score be re-checked?'), { target: { value: 'Please check.' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send the request' }));
    expect(await within(panel).findByText('Re-checks of this score closed at 2027-04-19T00:00:00.000Z.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Send the request' })).toBeInTheDocument();
  });

  it('offers no request outside the window, and shows an answer with the corrected score', async () => {
    mockApi({ [SCORE]: () => ok(RELEASED), [RECHECK]: () => ok({ ...OPEN, open: false, canRequest: false } satisfies RecheckStatusView) });
    const first = show();
    const closed = await section();
    expect(within(closed).getByText(/Re-checks are not open now\./)).toBeInTheDocument();
    expect(within(closed).queryByRole('button', { name: 'Request a re-check' })).not.toBeInTheDocument();
    first.unmount();
    const answered = { ...ASKED, state: 'answered' as const, outcome: 'corrected' as const, answer: 'Listening was unmarked; added 4.', newScore: '74', answeredAt: '2027-04-15T02:00:00.000Z' };
    mockApi({ [SCORE]: () => ok(RELEASED), [RECHECK]: () => ok({ ...OPEN, canRequest: false, request: answered } satisfies RecheckStatusView) });
    show();
    const panel = await section();
    expect(within(panel).getByText('Corrected: 70 → 74')).toBeInTheDocument();
    expect(within(panel).getByText('Listening was unmarked; added 4.')).toBeInTheDocument();
  });
});
