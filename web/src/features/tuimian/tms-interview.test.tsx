import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TmsInterviewView, TmsInvitationView } from '@gradus/contract/tuimian/interview';
import type { TmsNationalOfferView } from '@gradus/contract/tuimian/national-offer';
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
  nationalOffer: null,
  now: new Date().toISOString(),
  ...over,
});
// 18:00 and, the next day, 09:30 in Beijing.
const SENT_AT = '2026-10-12T10:00:00.000Z';
const ANSWERED_AT = '2026-10-13T01:30:00.000Z';
const offer = (over: Partial<TmsNationalOfferView> = {}): TmsNationalOfferView => ({ state: 'sent', sentAt: SENT_AT, answeredAt: null, note: '', recordedAt: '2026-10-13T02:00:00.000Z', ...over });
const passed = (over: Partial<TmsInterviewView> = {}) => view({ invitation: invitation({ state: 'accepted', answeredAt: '2030-03-02T03:00:00.000Z' }), released: true, result: 'pass', ...over });
const NATIONAL = 'Admission in the national system';
const nationalCard = async () => (await screen.findByRole('heading', { level: 2, name: NATIONAL })).closest('.ant-card') as HTMLElement;

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

  it('counts the time left by the server’s clock, not by a device set wrong', async () => {
    // The server reads two hours before the answer date; the device believes it is years earlier.
    show({ [DETAIL]: () => ok(view({ now: new Date(Date.parse(RESPOND_BY) - 2 * 3_600_000).toISOString() })) });
    const c = await card();
    expect(within(c).getByRole('timer')).toHaveTextContent(/^(2 h 0 min|1 h 59 min) left$/);
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
    // The result comes before the invitation it belongs to, and what comes next (the national system) between them.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Interview result', NATIONAL, 'Your interview invitation']);
  });

  it('after a released pass, explains admission in the national system and says our offer is not sent yet', async () => {
    show({ [DETAIL]: () => ok(passed()) });
    const c = await nationalCard();
    expect(within(c).getByText(/^Admission happens only in the national recommended-exemption system \(全国推免服务系统\), not on this portal\.$/)).toBeInTheDocument();
    expect(within(c).getByText('There you may fill up to 3 parallel choices (平行志愿).')).toBeInTheDocument();
    expect(within(c).getByText(/^Each choice is locked for 48 hours once you fill it: you cannot change it during that time/)).toBeInTheDocument();
    expect(within(c).getByText(/You can accept one offer only, and an acceptance is final\.$/)).toBeInTheDocument();
    expect(within(c).getByText('Our offer is for the same programme you passed the interview for: Computer Science (MSc).')).toBeInTheDocument();
    // Headings in order: the card's two parts under its h2.
    expect(within(c).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['How admission works there', 'Our offer']);
    expect(within(c).getByRole('alert')).toHaveTextContent('Our offer has not been sent yet: the admissions office will send it in the national system, and this page will say when.');
  });

  it.each([
    ['sent', offer(), /^Our offer was sent on Oct 12, 2026, 6:00\sPM \(Beijing time\)\. Accept it in the national system before it expires\.$/],
    ['accepted', offer({ state: 'accepted', answeredAt: ANSWERED_AT }), /^You accepted our offer in the national system on Oct 13, 2026, 9:30\sAM \(Beijing time\)\.$/],
    ['declined', offer({ state: 'declined', answeredAt: ANSWERED_AT }), /^You declined our offer in the national system on Oct 13, 2026, 9:30\sAM \(Beijing time\)\.$/],
    ['lapsed', offer({ state: 'lapsed' }), /^Our offer was not accepted in time and was withdrawn in the national system\.$/],
  ] as const)('says in words where our offer stands when the office recorded it %s', async (_state, recorded, text) => {
    show({ [DETAIL]: () => ok(passed({ nationalOffer: recorded })) });
    const c = await nationalCard();
    expect(within(c).getByRole('alert')).toHaveTextContent(text);
    expect(within(c).queryByText('Note from the admissions office')).toBeNull();
  });

  it('shows the office’s note with its record', async () => {
    show({ [DETAIL]: () => ok(passed({ nationalOffer: offer({ note: 'Accept it within 3 hours; call 010-1234 with questions.' }) })) });
    const c = await nationalCard();
    expect(within(c).getByText('Note from the admissions office')).toBeInTheDocument();
    expect(within(c).getByText('Accept it within 3 hours; call 010-1234 with questions.')).toBeInTheDocument();
  });

  it.each([
    ['a released fail', passed({ result: 'fail' })],
    ['results not released', view({ invitation: invitation({ state: 'accepted', answeredAt: '2030-03-02T03:00:00.000Z' }) })],
  ])('says nothing about the national system after %s', async (_case, detail) => {
    show({ [DETAIL]: () => ok(detail) });
    await card();
    expect(screen.queryByRole('heading', { name: NATIONAL })).toBeNull();
    expect(screen.queryByText(/parallel choices/)).toBeNull();
    expect(screen.queryByText(/Our offer/)).toBeNull();
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
