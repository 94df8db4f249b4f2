import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReleaseListView, ReleasePreviewView, ReleaseRow } from '@gradus/contract/api/staff-releases';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call, type Handler } from '@/test/api';
import ReleasesPage from './pages/ReleasesPage';

const url = (call: string) => `/mucgrs-service/staff/releases/${call}`;
const plan = (patch: Partial<NonNullable<ReleaseRow['plan']>> = {}): NonNullable<ReleaseRow['plan']> => ({
  planId: 4,
  at: null,
  state: 'awaiting',
  plannedBy: { loginName: 'publisher', name: '吴静' },
  plannedAt: '2026-11-24T01:00:00.000Z',
  confirmedBy: null,
  mine: false,
  ...patch,
});
const LIST = (patch: Partial<ReleaseListView> = {}, rows: ReleaseRow[] = ROWS): ReleaseListView => ({ area: 'doctor', recruitYear: '2027', mayPublish: true, releases: rows, ...patch });
const ROWS: ReleaseRow[] = [
  { release: 'qualificationReview', published: true, publishedAt: '2026-11-20T02:00:00.000Z', plan: null, notices: { sent: 9950, waiting: 48, failed: 2 } },
  { release: 'languageScore', published: false, publishedAt: null, plan: null, notices: null },
  { release: 'finalScore', published: false, publishedAt: null, plan: plan(), notices: null },
  { release: 'proposedAdmission', published: false, publishedAt: null, plan: plan({ planId: 5, mine: true, at: '2027-05-01T02:00:00.000Z' }), notices: null },
];
const PREVIEW: ReleasePreviewView = {
  outcomes: [
    { outcome: 'score', count: 118 },
    { outcome: 'none', count: 3 },
  ],
  samples: [
    { applicantNumber: '2027100001', name: '张*', outcome: 'score:78.5' },
    { applicantNumber: '2027100002', name: '王*磊', outcome: 'none' },
  ],
};

function server(routes: Record<string, Handler> = {}, list = LIST()): Call[] {
  return mockApi({ [url('list')]: () => ok(list), [url('preview')]: () => ok(PREVIEW), ...routes });
}
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);
const show = () => render(<Wrapper path="/admissions/releases"><ReleasesPage /></Wrapper>);
const rowOf = async (text: string) => (await within(await screen.findByRole('table')).findByText(text)).closest('tr')!;

describe('releases page', () => {
  it('says where each result stands and offers each act only where it applies', async () => {
    server();
    show();
    expect(within(await rowOf('Eligibility review result')).getByText(/^Published/)).toBeInTheDocument();
    expect(within(await rowOf('Eligibility review result')).getByRole('button', { name: 'Withdraw Eligibility review result' })).toBeInTheDocument();
    expect(within(await rowOf('Foreign-language scores')).getByRole('button', { name: 'Plan release Foreign-language scores' })).toBeInTheDocument();
    const another = await rowOf('Final scores');
    expect(within(another).getByText('Planned by 吴静, out once confirmed')).toBeInTheDocument();
    expect(within(another).getByRole('button', { name: 'Confirm release Final scores' })).toBeInTheDocument();
    const mine = await rowOf('Proposed admission result');
    expect(within(mine).getByText('Waiting for another publisher')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /^Confirm/ })).toBeNull();
  });

  it('shows how far the notices of a published result have gone, and the ones that could not be delivered', async () => {
    server();
    show();
    const published = await rowOf('Eligibility review result');
    expect(within(published).getByText('9,950 of 10,000 mailed')).toBeInTheDocument();
    expect(within(published).getByRole('progressbar', { name: '9,950 of 10,000 mailed' })).toBeInTheDocument();
    expect(within(published).getByText('48 still to go')).toBeInTheDocument();
    expect(within(published).getByText('2 could not be delivered')).toBeInTheDocument();
    expect(within(await rowOf('Foreign-language scores')).getByText('None sent')).toBeInTheDocument();
  });

  it('drops the bar once every notice has gone', async () => {
    server({}, LIST({}, [{ ...ROWS[0]!, notices: { sent: 120, waiting: 0, failed: 0 } }]));
    show();
    const published = await rowOf('Eligibility review result');
    expect(within(published).getByText('120 of 120 mailed')).toBeInTheDocument();
    expect(within(published).queryByRole('progressbar')).toBeNull();
    expect(within(published).queryByText(/could not be delivered/)).toBeNull();
  });

  it('shows the page read-only without the publish permission', async () => {
    server({}, LIST({ mayPublish: false }));
    show();
    expect(await screen.findByText(/needs the publish permission/)).toBeInTheDocument();
    await rowOf('Final scores');
    expect(screen.queryByRole('button', { name: /^(Plan|Confirm|Withdraw|Cancel)/ })).toBeNull();
  });

  it('plans a release after the preview, refusing a time in the past, and sends a chosen time as Beijing time', async () => {
    const calls = server({ [url('plan')]: () => ok({ planId: 9 }) });
    show();
    fireEvent.click(within(await rowOf('Foreign-language scores')).getByRole('button', { name: 'Plan release Foreign-language scores' }));
    const dialog = (await screen.findByText('What applicants will see')).closest<HTMLElement>('[role="dialog"]')!;
    expect(await within(dialog).findByText('score 78.5')).toBeInTheDocument();
    expect(within(dialog).getByText(/with a score/)).toBeInTheDocument();
    expect(bodies(calls, 'preview')).toEqual([{ area: 'doctor', recruitYear: '2027', release: 'languageScore' }]);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'At a set time (Beijing time)' }));
    const at = await within(dialog).findByLabelText('Date and time (Beijing time)');
    fireEvent.change(at, { target: { value: '2020-01-01T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Plan release' }));
    expect(await within(dialog).findByText('The time must be in the future.')).toBeInTheDocument();
    expect(bodies(calls, 'plan')).toHaveLength(0);
    fireEvent.change(at, { target: { value: '2099-06-20T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Plan release' }));
    await waitFor(() => expect(bodies(calls, 'plan')).toEqual([{ area: 'doctor', recruitYear: '2027', release: 'languageScore', at: '2099-06-20T10:00:00+08:00' }]));
  });

  it('withdraws only with a reason and lists who had opened the result', async () => {
    const calls = server({ [url('withdraw')]: () => ok({ seenBy: [{ applicantNumber: '2027100001', name: '张伟', firstSeenAt: '2026-11-21T03:00:00.000Z' }] }) });
    show();
    fireEvent.click(within(await rowOf('Eligibility review result')).getByRole('button', { name: 'Withdraw Eligibility review result' }));
    const dialog = (await screen.findByText('Withdraw Eligibility review result?')).closest<HTMLElement>('[role="dialog"]')!;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(bodies(calls, 'withdraw')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Entered against the wrong applicant' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(bodies(calls, 'withdraw')).toEqual([{ area: 'doctor', recruitYear: '2027', release: 'qualificationReview', reason: 'Entered against the wrong applicant' }]));
    expect(await screen.findByText('1 applicant(s) had already opened it:')).toBeInTheDocument();
    expect(screen.getByText(/2027100001 张伟/)).toBeInTheDocument();
  });

  it("shows a refusal to confirm one's own plan and changes nothing on screen", async () => {
    const calls = server({ [url('confirm')]: () => fail(403, 'You planned this release: another publisher must confirm it.') });
    show();
    fireEvent.click(within(await rowOf('Final scores')).getByRole('button', { name: 'Confirm release Final scores' }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText('It goes out to applicants at once.')).toBeInTheDocument();
    fireEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodies(calls, 'confirm')).toEqual([{ planId: 4 }]));
    expect(await screen.findByText('You planned this release: another publisher must confirm it.')).toBeInTheDocument();
  });
});
