import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TmsInterviewListView, TmsInterviewRow, TmsInvitationView } from '@gradus/contract/tuimian/interview';
import type { TmsNationalOfferView } from '@gradus/contract/tuimian/national-offer';
import { sessionStore } from '@/lib/session';
import { fail, mockApi, ok, type Call, type Handler } from '@/test/api';
import { Wrapper } from '@/test/render';
import TmsInterviewsPage from './pages/TmsInterviewsPage';

const url = (call: string) => `/mucgrs-service/staff/tmsInterviews/${call}`;

const invitation = (over: Partial<TmsInvitationView> = {}): TmsInvitationView => ({
  version: 1,
  // 14:00 in Beijing, far ahead.
  startsAt: '2030-03-20T06:00:00.000Z',
  format: 'onsite',
  place: 'Room 301, Science Building',
  link: '',
  notes: '',
  respondBy: '2030-03-15T10:00:00.000Z',
  state: 'awaitingAnswer',
  answeredAt: null,
  invitedAt: '2030-03-01T02:00:00.000Z',
  ...over,
});
const row = (over: Partial<TmsInterviewRow>): TmsInterviewRow => ({
  applicationId: 1,
  applicantNumber: '2027500001',
  name: '李娜',
  programmeId: 11,
  programmeNameZh: '计算机科学',
  programmeNameEn: 'Computer Science (MSc)',
  degreeType: 'academicMaster',
  invitation: null,
  result: null,
  nationalOffer: null,
  ...over,
});
const ROWS: TmsInterviewRow[] = [
  row({ applicationId: 1, applicantNumber: '2027500001', name: '李娜', invitation: invitation({ state: 'accepted', answeredAt: '2030-03-02T03:00:00.000Z' }) }),
  row({ applicationId: 2, applicantNumber: '2027500002', name: '王芳' }),
  row({ applicationId: 3, applicantNumber: '2027500003', name: '赵磊', programmeId: 21, programmeNameZh: '民族学', programmeNameEn: 'Ethnology', degreeType: 'directDoctoral', invitation: invitation({ format: 'online', place: '', link: 'https://meeting.example.edu/j/9' }) }),
];
const LIST = (over: Partial<TmsInterviewListView> = {}): TmsInterviewListView => ({ recruitYear: '2027', released: false, rows: ROWS, now: new Date().toISOString(), ...over });

// 18:00 and, the next day, 09:30 in Beijing: past, as what happened in the national system is.
const offer = (over: Partial<TmsNationalOfferView> = {}): TmsNationalOfferView => ({
  state: 'accepted',
  sentAt: '2026-10-12T10:00:00.000Z',
  answeredAt: '2026-10-13T01:30:00.000Z',
  note: 'Call us with questions.',
  recordedAt: '2026-10-13T02:00:00.000Z',
  ...over,
});
const attended = invitation({ state: 'accepted', answeredAt: '2030-03-02T03:00:00.000Z' });
/** After the release: a pass with our offer accepted, a pass with none recorded yet, a fail. */
const RELEASED = LIST({
  released: true,
  rows: [
    row({ applicationId: 1, applicantNumber: '2027500001', name: '李娜', invitation: attended, result: 'pass', nationalOffer: offer() }),
    row({ applicationId: 4, applicantNumber: '2027500004', name: '陈晨', invitation: attended, result: 'pass' }),
    row({ applicationId: 5, applicantNumber: '2027500005', name: '周杰', invitation: attended, result: 'fail' }),
  ],
});
const signedInAs = (role: 'zs_admin' | 'zs_dept') => sessionStore.set({ user: { userId: role === 'zs_admin' ? 1 : 2 } as never, roles: [role] });
afterEach(() => sessionStore.set({ user: null, roles: [] }));

function show(routes: Record<string, Handler> = {}, list = LIST()): Call[] {
  const calls = mockApi({ [url('list')]: () => ok(list), ...routes });
  render(
    <Wrapper path="/admissions/tmsInterviews">
      <TmsInterviewsPage />
    </Wrapper>,
  );
  return calls;
}
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body);
const rowOf = async (name: string) => (await within(await screen.findByRole('table')).findByText(name)).closest('tr')!;
const cellOf = (tr: HTMLElement, column: string) => {
  const headers = [...within(tr.closest('table')!).getAllByRole('columnheader')].map((h) => h.textContent);
  return tr.querySelectorAll('td')[headers.indexOf(column)] as HTMLElement;
};
const openOffer = async (name: string, number: string) => {
  fireEvent.click(within(await rowOf(name)).getByRole('button', { name: `Record offer for ${name} (${number})` }));
  return screen.findByRole('dialog', { name: `Record the offer of ${name} (${number}) in the national system` });
};
const openInvite = async (name: string, number: string) => {
  fireEvent.click(within(await rowOf(name)).getByRole('button', { name: `Invite ${name} (${number})` }));
  return screen.findByRole('dialog', { name: `Invite ${name} (${number}) to the interview` });
};

describe('TmsInterviewsPage', () => {
  it('lists the eligible applicants with their invitations, answers and results', async () => {
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended-exempt interviews' })).toBeInTheDocument();
    const accepted = await rowOf('李娜');
    expect(within(accepted).getByRole('link', { name: '2027500001' })).toHaveAttribute('href', '/admissions/file?id=1');
    expect(within(accepted).getByText('Computer Science (MSc)')).toBeInTheDocument();
    expect(within(accepted).getByText('Academic master’s')).toBeInTheDocument();
    expect(within(accepted).getByText(/^Mar 20, 2030, 2:00\sPM$/)).toBeInTheDocument();
    expect(within(accepted).getByText(/Room 301, Science Building/)).toBeInTheDocument();
    expect(within(accepted).getByText('Accepted')).toBeInTheDocument();
    expect(within(accepted).getByText('None yet')).toBeInTheDocument();

    const notInvited = await rowOf('王芳');
    expect(within(notInvited).getByText('Not invited')).toBeInTheDocument();
    expect(within(notInvited).getByRole('button', { name: 'Invite 王芳 (2027500002)' })).toBeEnabled();
    expect(within(notInvited).queryByRole('button', { name: /^Pass/ })).toBeNull();

    const online = await rowOf('赵磊');
    expect(within(online).getByText('Direct doctoral study')).toBeInTheDocument();
    expect(within(online).getByText('Awaiting your answer')).toBeInTheDocument();
    expect(within(online).getByRole('link', { name: /^https:\/\/meeting\.example\.edu\/j\/9/ })).toHaveAttribute('target', '_blank');
    expect(within(online).getByRole('button', { name: 'Change invitation of 赵磊 (2027500003)' })).toBeInTheDocument();
    expect(within(online).getByRole('button', { name: 'Withdraw invitation of 赵磊 (2027500003)' })).toBeInTheDocument();
    // Only an accepted invitation gets a result.
    expect(within(online).queryByRole('button', { name: /^Pass/ })).toBeNull();
  });

  it('filters by programme on the page', async () => {
    const calls = show();
    await rowOf('李娜');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Programme' }));
    fireEvent.click(await screen.findByText('Ethnology', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('李娜')).toBeNull());
    expect(within(screen.getByRole('table')).getByText('赵磊')).toBeInTheDocument();
    expect(bodies(calls, 'list')).toEqual([{}]);
  });

  it('invites on site, sending Beijing times with their offset', async () => {
    const calls = show({ [url('invite')]: () => ok(invitation()) });
    const dialog = await openInvite('王芳', '2027500002');
    fireEvent.change(within(dialog).getByLabelText('Interview starts (Beijing time)'), { target: { value: '2030-03-20T14:00' } });
    fireEvent.change(within(dialog).getByLabelText('Place'), { target: { value: ' Room 301, Science Building ' } });
    fireEvent.change(within(dialog).getByLabelText('Notes for the applicant'), { target: { value: 'Bring your ID card.' } });
    // An answer date after the start is refused here, and nothing is sent.
    fireEvent.change(within(dialog).getByLabelText('Answer by (Beijing time)'), { target: { value: '2030-03-21T18:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('The answer date must come before the interview starts.')).toBeInTheDocument();
    expect(bodies(calls, 'invite')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Answer by (Beijing time)'), { target: { value: '2030-03-15T18:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(bodies(calls, 'invite')).toHaveLength(1));
    expect(bodies(calls, 'invite')[0]).toEqual({
      applicationId: 2,
      startsAt: '2030-03-20T14:00:00+08:00',
      format: 'onsite',
      place: 'Room 301, Science Building',
      link: '',
      notes: 'Bring your ID card.',
      respondBy: '2030-03-15T18:00:00+08:00',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again for the row's new state.
    await waitFor(() => expect(bodies(calls, 'list')).toHaveLength(2));
  });

  it('asks an online interview for an https link and sends nothing without one', async () => {
    const calls = show({ [url('invite')]: () => ok(invitation()) });
    const dialog = await openInvite('王芳', '2027500002');
    fireEvent.change(within(dialog).getByLabelText('Interview starts (Beijing time)'), { target: { value: '2030-03-20T14:00' } });
    fireEvent.change(within(dialog).getByLabelText('Answer by (Beijing time)'), { target: { value: '2030-03-15T18:00' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Online' }));
    expect(await within(dialog).findByLabelText('Meeting link')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Place')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter the meeting link of an online interview.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Meeting link'), { target: { value: 'http://meeting.example.edu/j/1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a web address starting with https://.')).toBeInTheDocument();
    expect(bodies(calls, 'invite')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Meeting link'), { target: { value: 'https://meeting.example.edu/j/1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(bodies(calls, 'invite')).toHaveLength(1));
    expect(bodies(calls, 'invite')[0]).toMatchObject({ format: 'online', place: '', link: 'https://meeting.example.edu/j/1' });
  });

  it('shows the server’s refusal in the dialog, which stays open', async () => {
    const REFUSED = '王芳 (2027500002) is no longer eligible for the interview.';
    show({ [url('invite')]: () => fail(409, REFUSED) });
    const dialog = await openInvite('王芳', '2027500002');
    fireEvent.change(within(dialog).getByLabelText('Interview starts (Beijing time)'), { target: { value: '2030-03-20T14:00' } });
    fireEvent.change(within(dialog).getByLabelText('Place'), { target: { value: 'Room 301' } });
    fireEvent.change(within(dialog).getByLabelText('Answer by (Beijing time)'), { target: { value: '2030-03-15T18:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(REFUSED)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('records a result for an accepted invitation, and may replace it before the release', async () => {
    const calls = show({ [url('result')]: () => ok(null) });
    fireEvent.click(within(await rowOf('李娜')).getByRole('button', { name: 'Fail 李娜 (2027500001)' }));
    await waitFor(() => expect(bodies(calls, 'result')).toEqual([{ applicationId: 1, outcome: 'fail' }]));
    fireEvent.click(within(await rowOf('李娜')).getByRole('button', { name: 'Pass 李娜 (2027500001)' }));
    await waitFor(() => expect(bodies(calls, 'result')).toHaveLength(2));
    expect(bodies(calls, 'result')[1]).toEqual({ applicationId: 1, outcome: 'pass' });
  });

  it('once released, shows results without buttons to change them', async () => {
    const released = LIST({ released: true, rows: [row({ invitation: invitation({ state: 'accepted' }), result: 'pass' })] });
    show({}, released);
    expect(await screen.findByText('The office has released the interview results: they can no longer be changed.')).toBeInTheDocument();
    const r = await rowOf('李娜');
    expect(within(r).getByText('Passed')).toBeInTheDocument();
    expect(within(r).queryByRole('button')).toBeNull();
  });

  it('withdraws an invitation with a reason', async () => {
    const calls = show({ [url('withdraw')]: () => ok(null) });
    fireEvent.click(within(await rowOf('赵磊')).getByRole('button', { name: 'Withdraw invitation of 赵磊 (2027500003)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the invitation of 赵磊 (2027500003)?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw invitation' }));
    expect(await within(dialog).findByText(/reason/i, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(bodies(calls, 'withdraw')).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'The programme is full.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw invitation' }));
    await waitFor(() => expect(bodies(calls, 'withdraw')).toEqual([{ applicationId: 3, reason: 'The programme is full.' }]));
  });

  describe('the offer in the national system', () => {
    it('shows what the office recorded for each pass, and nothing for the others', async () => {
      signedInAs('zs_dept');
      show({}, RELEASED);
      const accepted = cellOf(await rowOf('李娜'), 'National system');
      expect(within(accepted).getByText('Accepted by the applicant')).toBeInTheDocument();
      expect(within(accepted).getByText(/^sent Oct 12, 2026, 6:00\sPM$/)).toBeInTheDocument();
      expect(within(accepted).getByText(/^answered Oct 13, 2026, 9:30\sAM$/)).toBeInTheDocument();
      expect(cellOf(await rowOf('陈晨'), 'National system')).toHaveTextContent(/^Not recorded$/);
      expect(cellOf(await rowOf('周杰'), 'National system')).toHaveTextContent(/^—$/);
      // A school's secretary reads the record; only the office keeps it.
      expect(within(screen.getByRole('table')).queryByRole('button', { name: /offer/i })).toBeNull();
      expect(screen.queryByText('Can be recorded after the release')).toBeNull();
    });

    it('gives the office a button to record or update it once the results are released', async () => {
      signedInAs('zs_admin');
      show({}, RELEASED);
      expect(within(await rowOf('陈晨')).getByRole('button', { name: 'Record offer for 陈晨 (2027500004)' })).toHaveTextContent('Record offer');
      expect(within(await rowOf('周杰')).queryByRole('button', { name: /offer/i })).toBeNull();

      fireEvent.click(within(await rowOf('李娜')).getByRole('button', { name: 'Update offer for 李娜 (2027500001)' }));
      const dialog = await screen.findByRole('dialog', { name: 'Update the offer of 李娜 (2027500001) in the national system' });
      // What was recorded, in Beijing time.
      expect(within(dialog).getByRole('radio', { name: 'Accepted by the applicant' })).toBeChecked();
      expect(within(dialog).getByLabelText('Offer sent (Beijing time)')).toHaveValue('2026-10-12T18:00');
      expect(within(dialog).getByLabelText('Answered (Beijing time)')).toHaveValue('2026-10-13T09:30');
      expect(within(dialog).getByLabelText('Note for the applicant')).toHaveValue('Call us with questions.');
    });

    it('before the release, tells the office when it can record rather than offering a button', async () => {
      signedInAs('zs_admin');
      show({}, LIST({ rows: [row({ invitation: attended, result: 'pass' })] }));
      const r = await rowOf('李娜');
      expect(within(cellOf(r, 'National system')).getByText('Not recorded')).toBeInTheDocument();
      expect(within(r).getByText('Can be recorded after the release')).toBeInTheDocument();
      expect(within(r).queryByRole('button', { name: /offer/i })).toBeNull();
    });

    it('asks for the answer date of an acceptance, then sends Beijing times with their offset and reads the list again', async () => {
      signedInAs('zs_admin');
      const calls = show({ [url('offer')]: () => ok(offer()) }, RELEASED);
      const dialog = await openOffer('陈晨', '2027500004');
      // An offer only sent has no answer date to give.
      expect(within(dialog).getByRole('radio', { name: 'Offer sent' })).toBeChecked();
      expect(within(dialog).queryByLabelText('Answered (Beijing time)')).toBeNull();
      fireEvent.click(within(dialog).getByRole('radio', { name: 'Accepted by the applicant' }));
      expect(await within(dialog).findByLabelText('Answered (Beijing time)')).toBeInTheDocument();
      fireEvent.change(within(dialog).getByLabelText('Offer sent (Beijing time)'), { target: { value: '2026-10-12T18:00' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Enter when the applicant answered.')).toBeInTheDocument();

      // Not before the offer, and not in the future: it is what already happened there.
      fireEvent.change(within(dialog).getByLabelText('Answered (Beijing time)'), { target: { value: '2026-10-12T17:00' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('The answer cannot come before the offer was sent.')).toBeInTheDocument();
      fireEvent.change(within(dialog).getByLabelText('Answered (Beijing time)'), { target: { value: '2099-10-13T09:30' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(/^This time has not come yet/)).toBeInTheDocument();
      expect(bodies(calls, 'offer')).toEqual([]);

      fireEvent.change(within(dialog).getByLabelText('Answered (Beijing time)'), { target: { value: '2026-10-13T09:30' } });
      fireEvent.change(within(dialog).getByLabelText('Note for the applicant'), { target: { value: ' Welcome. ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(bodies(calls, 'offer')).toHaveLength(1));
      expect(bodies(calls, 'offer')[0]).toEqual({
        applicationId: 4,
        state: 'accepted',
        sentAt: '2026-10-12T18:00:00+08:00',
        answeredAt: '2026-10-13T09:30:00+08:00',
        note: 'Welcome.',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByText('Offer of 陈晨 (2027500004): Accepted by the applicant.')).toBeInTheDocument();
      await waitFor(() => expect(bodies(calls, 'list')).toHaveLength(2));
    });

    it('shows the server’s refusal in the dialog, which stays open', async () => {
      signedInAs('zs_admin');
      const REFUSED = 'The dates are what happened in the national system: neither can be in the future.';
      const calls = show({ [url('offer')]: () => fail(400, REFUSED) }, RELEASED);
      const dialog = await openOffer('陈晨', '2027500004');
      fireEvent.change(within(dialog).getByLabelText('Offer sent (Beijing time)'), { target: { value: '2026-10-12T18:00' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(REFUSED)).toBeInTheDocument();
      expect(screen.getByRole('dialog')).toBe(dialog);
      // An offer only sent carries no answer date.
      expect(bodies(calls, 'offer')).toEqual([{ applicationId: 4, state: 'sent', sentAt: '2026-10-12T18:00:00+08:00', note: '' }]);
    });
  });
});
