import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TmsInterviewListView, TmsInterviewRow, TmsInvitationView } from '@gradus/contract/tuimian/interview';
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
  ...over,
});
const ROWS: TmsInterviewRow[] = [
  row({ applicationId: 1, applicantNumber: '2027500001', name: '李娜', invitation: invitation({ state: 'accepted', answeredAt: '2030-03-02T03:00:00.000Z' }) }),
  row({ applicationId: 2, applicantNumber: '2027500002', name: '王芳' }),
  row({ applicationId: 3, applicantNumber: '2027500003', name: '赵磊', programmeId: 21, programmeNameZh: '民族学', programmeNameEn: 'Ethnology', degreeType: 'directDoctoral', invitation: invitation({ format: 'online', place: '', link: 'https://meeting.example.edu/j/9' }) }),
];
const LIST = (over: Partial<TmsInterviewListView> = {}): TmsInterviewListView => ({ recruitYear: '2027', released: false, rows: ROWS, ...over });

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
});
