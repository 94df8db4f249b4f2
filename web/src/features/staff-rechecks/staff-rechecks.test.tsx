import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RecheckListView, RecheckRowView } from '@gradus/contract/api/score-rechecks';
import { fail, mockApi, ok, type Call, type Handler } from '@/test/api';
import { Wrapper } from '@/test/render';
import RechecksPage from './pages/RechecksPage';

const url = (call: string) => `/mucgrs-service/staff/rechecks/${call}`;
const ROW: RecheckRowView = {
  id: 7,
  applicantNumber: '2027100002',
  name: '王磊',
  kind: 'assessment',
  reason: 'Question 3 was marked twice.',
  state: 'requested',
  requestedAt: '2027-05-02T02:00:00.000Z',
  outcome: null,
  answer: null,
  oldScore: '60',
  newScore: null,
  answeredAt: null,
  currentScore: '60',
  maxScore: '100',
  answeredBy: null,
};
const LIST: RecheckListView = {
  recruitYear: '2027',
  rows: [ROW],
  windows: [
    { kind: 'language', opensAt: null, closesAt: null },
    { kind: 'material', opensAt: null, closesAt: null },
    { kind: 'assessment', opensAt: '2027-05-01T00:00:00.000Z', closesAt: '2027-05-08T00:00:00.000Z' },
  ],
};
const OPTIONS = { recruitYears: ['2027', '2026'], currentYear: '2027', departments: [], programmes: [] };

function server(routes: Record<string, Handler> = {}): Call[] {
  return mockApi({ '/mucgrs-service/staff/applications/options': () => ok(OPTIONS), [url('list')]: () => ok(LIST), ...routes });
}
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);
const show = () => render(<Wrapper path="/admissions/rechecks"><RechecksPage /></Wrapper>);
const openAnswer = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Answer the re-check of 王磊 (Comprehensive assessment)' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Re-check of 王磊 (2027100002)')).toBeInTheDocument();
  return dialog;
};

describe('score re-checks page', () => {
  it('lists the requests waiting for an answer in the current year', async () => {
    const calls = server();
    show();
    expect(await screen.findByText('Question 3 was marked twice.')).toBeInTheDocument();
    expect(bodies(calls, 'list')[0]).toEqual({ area: 'doctor', recruitYear: '2027', state: 'requested' });
    expect(screen.getByText('60 of 100')).toBeInTheDocument();
  });

  it('answers with a corrected score, refusing one above full marks before sending', async () => {
    const calls = server({ [url('answer')]: () => ok({ ...ROW, state: 'answered', outcome: 'corrected', newScore: '64' }) });
    show();
    const dialog = await openAnswer();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Corrected score' }));
    fireEvent.change(within(dialog).getByLabelText('Corrected score (at most 100)'), { target: { value: '101' } });
    fireEvent.change(within(dialog).getByLabelText('Explanation the applicant reads'), { target: { value: 'Counted twice; corrected.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the answer' }));
    expect(await within(dialog).findByText('The corrected score cannot be above full marks (100).')).toBeInTheDocument();
    expect(bodies(calls, 'answer')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Corrected score (at most 100)'), { target: { value: '64' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the answer' }));
    await waitFor(() => expect(bodies(calls, 'answer')).toEqual([{ area: 'doctor', id: 7, outcome: 'corrected', answer: 'Counted twice; corrected.', score: '64' }]));
  });

  it('shows the server’s refusal of an answer in the dialog', async () => {
    server({ [url('answer')]: () => fail(409, 'This re-check has already been answered.') });
    show();
    const dialog = await openAnswer();
    fireEvent.change(within(dialog).getByLabelText('Explanation the applicant reads'), { target: { value: 'Marked correctly.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the answer' }));
    expect(await within(dialog).findByText('This re-check has already been answered.')).toBeInTheDocument();
  });

  it('sets a window in Beijing time and refuses one that closes before it opens', async () => {
    const calls = server({ [url('window')]: () => ok(LIST) });
    show();
    const opens = await screen.findByLabelText('Foreign language: opens');
    const closes = screen.getByLabelText('Foreign language: closes');
    fireEvent.change(opens, { target: { value: '2027-05-10T09:00' } });
    fireEvent.change(closes, { target: { value: '2027-05-09T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the window of Foreign language' }));
    expect(await screen.findByText('The closing time must be after the opening.')).toBeInTheDocument();
    expect(bodies(calls, 'window')).toEqual([]);
    fireEvent.change(closes, { target: { value: '2027-05-17T17:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the window of Foreign language' }));
    await waitFor(() =>
      expect(bodies(calls, 'window')).toEqual([{ area: 'doctor', recruitYear: '2027', kind: 'language', opensAt: '2027-05-10T09:00:00+08:00', closesAt: '2027-05-17T17:00:00+08:00' }]),
    );
  });
});
