import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TmsInterviewView, TmsInvitationView } from '@gradus/contract/tuimian/interview';
import { fail, mockApi, ok, type Handler } from '@/test/api';
import { Wrapper } from '@/test/render';
import TmsInterviewPage from './pages/TmsInterviewPage';

const DETAIL = '/mucgrs-service/tms/interview/detail';
const ANSWER = '/mucgrs-service/tms/interview/answer';

// Far ahead, so the invitation is still waiting whatever day the tests run: 14:00 and 18:00 in Beijing.
const STARTS_AT = '2030-03-20T06:00:00.000Z';
const RESPOND_BY = '2030-03-15T10:00:00.000Z';

const invitation = (over: Partial<TmsInvitationView> = {}): TmsInvitationView => ({
  version: 4,
  startsAt: STARTS_AT,
  format: 'onsite',
  place: 'Room 301, Science Building',
  link: '',
  notes: 'Bring your student ID card.',
  respondBy: RESPOND_BY,
  state: 'awaitingAnswer',
  answeredAt: null,
  invitedAt: '2030-03-01T02:00:00.000Z',
  ...over,
});
const view = (over: Partial<TmsInterviewView> = {}): TmsInterviewView => ({
  invitation: invitation(),
  programmeNameZh: '计算机科学',
  programmeNameEn: 'Computer Science (MSc)',
  result: null,
  released: false,
  ...over,
});

const show = (routes: Record<string, Handler>) => {
  const calls = mockApi(routes);
  render(
    <Wrapper>
      <TmsInterviewPage />
    </Wrapper>,
  );
  return calls;
};
const card = async () => (await screen.findByRole('heading', { level: 2, name: 'Your interview invitation' })).closest('.ant-card') as HTMLElement;

describe('TmsInterviewPage', () => {
  it('says calmly that no invitation has come yet', async () => {
    show({ [DETAIL]: () => ok(view({ invitation: null })) });
    expect(await screen.findByText('No interview invitation yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Interview' })).toBeInTheDocument();
    expect(screen.getByText(/you will be told by email/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });

  it('shows a waiting invitation in Beijing time and accepts it after the confirmation, sending the version shown', async () => {
    const calls = show({ [DETAIL]: () => ok(view()), [ANSWER]: () => ok(view({ invitation: invitation({ version: 5, state: 'accepted', answeredAt: '2030-03-02T03:00:00.000Z' }) })) });
    const c = await card();
    expect(within(c).getByText('Computer Science (MSc)')).toBeInTheDocument();
    expect(within(c).getByText(/^Mar 20, 2030, 2:00\sPM \(Beijing time\)$/)).toBeInTheDocument();
    expect(within(c).getByText('On site')).toBeInTheDocument();
    expect(within(c).getByText('Room 301, Science Building')).toBeInTheDocument();
    expect(within(c).getByText('Bring your student ID card.')).toBeInTheDocument();
    expect(within(c).getByText(/^Mar 15, 2030, 6:00\sPM \(Beijing time\)$/)).toBeInTheDocument();
    expect(within(c).getByText('Awaiting your answer')).toBeInTheDocument();
    expect(within(c).getByRole('timer', { name: /^Time left to answer, until Mar 15, 2030/ })).toBeInTheDocument();

    fireEvent.click(within(c).getByRole('button', { name: 'Accept the invitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the interview invitation?' });
    expect(dialog).toHaveTextContent(/attend the interview on Mar 20, 2030, 2:00\sPM \(Beijing time\)/);
    expect(dialog).toHaveTextContent('Your answer is final');
    expect(calls.filter((x) => x.url === ANSWER)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept the invitation' }));

    await waitFor(() => expect(calls.filter((x) => x.url === ANSWER).map((x) => x.body)).toEqual([{ version: 4, answer: 'accept' }]));
    expect(await within(c).findByText('Accepted')).toBeInTheDocument();
    expect(within(c).getByText(/You accepted the invitation on Mar 2, 2030/)).toBeInTheDocument();
    expect(within(c).queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });

  it('warns that declining is final and sends nothing when the applicant goes back', async () => {
    const calls = show({ [DETAIL]: () => ok(view()) });
    fireEvent.click(within(await card()).getByRole('button', { name: 'Decline the invitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the interview invitation?' });
    expect(dialog).toHaveTextContent('Your answer is final: it cannot be changed afterwards.');
    // A slip of Enter goes back rather than declining.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Go back' })).toHaveFocus());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((x) => x.url === ANSWER)).toEqual([]);
  });

  it('gives an online interview’s address as a real link that opens in a new tab', async () => {
    show({ [DETAIL]: () => ok(view({ invitation: invitation({ format: 'online', place: '', link: 'https://meeting.example.edu/j/123' }) })) });
    const c = await card();
    expect(within(c).getByText('Online')).toBeInTheDocument();
    const link = within(c).getByRole('link', { name: /^https:\/\/meeting\.example\.edu\/j\/123\s*\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', 'https://meeting.example.edu/j/123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows a released pass first, with the national system’s word that it is not yet an admission', async () => {
    show({ [DETAIL]: () => ok(view({ invitation: invitation({ state: 'accepted', answeredAt: '2030-03-02T03:00:00.000Z' }), released: true, result: 'pass' })) });
    expect(await screen.findByText('You passed the interview')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Interview result' })).toBeInTheDocument();
    expect(screen.getByText('Not yet an admission')).toBeInTheDocument();
    expect(screen.getByText(/confirmed only through the national recommended-exemption system/)).toBeInTheDocument();
    // The result comes before the invitation it belongs to.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Interview result', 'Your interview invitation']);
  });

  it('says the lapsed and declined states in words, without answer buttons', async () => {
    show({ [DETAIL]: () => ok(view({ invitation: invitation({ state: 'lapsed' }) })) });
    const c = await card();
    expect(within(c).getByText(/The invitation lapsed: it was not answered by Mar 15, 2030/)).toBeInTheDocument();
    expect(within(c).queryByRole('button')).toBeNull();
    expect(within(c).queryByRole('timer')).toBeNull();
  });

  it('shows the server’s refusal and reads the invitation again', async () => {
    const STALE = 'The school changed your invitation meanwhile. Read it again before you answer.';
    let reads = 0;
    const calls = show({
      [DETAIL]: () => {
        reads++;
        return ok(view({ invitation: invitation({ version: 4 + reads - 1, place: reads > 1 ? 'Room 512, Library' : 'Room 301, Science Building' }) }));
      },
      [ANSWER]: () => fail(409, STALE),
    });
    fireEvent.click(within(await card()).getByRole('button', { name: 'Accept the invitation' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByText(STALE)).toBeInTheDocument();
    expect(await screen.findByText('Room 512, Library')).toBeInTheDocument();
    expect(calls.filter((x) => x.url === DETAIL)).toHaveLength(2);
  });
});
