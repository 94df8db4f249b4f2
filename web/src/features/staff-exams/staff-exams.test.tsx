import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ExamSeatsView, ExamSessionSummary, ExamSessionsView } from '@gradus/contract/api/staff-exams';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call, type Handler } from '@/test/api';
import ExamsPage from './pages/ExamsPage';

const url = (call: string) => `/mucgrs-service/staff/exams/${call}`;
const SESSION: ExamSessionSummary = {
  id: 3,
  kind: 'language',
  subject: 'English',
  startsAt: '2027-03-15T01:00:00.000Z',
  endsAt: '2027-03-15T03:30:00.000Z',
  venue: 'Main building',
  notes: 'Bring your ID card.',
  rooms: [
    { id: 11, name: '101', capacity: 2, seated: 2 },
    { id: 12, name: '102', capacity: 30, seated: 1 },
  ],
  seated: 3,
  capacity: 32,
  version: 2,
  batch: null,
  changedSinceBatch: false,
};
const LIST = (sessions: ExamSessionSummary[] = [SESSION]): ExamSessionsView => ({
  recruitYear: '2027',
  sessions,
  qualified: { language: { total: 5, unseated: 2 }, assessment: { total: 0, unseated: 0 } },
});
const SEATS: ExamSeatsView = {
  sessionId: 3,
  rows: [
    { ticketNo: '2027L000001', applicantNumber: '2027310001', name: '张伟', programme: { code: 'CS-PHD-081200', nameZh: '计算机科学与技术', nameEn: 'Computer Science' }, roomId: 11, room: '101', seat: '001', qualified: true },
    { ticketNo: '2027L000002', applicantNumber: '2027310003', name: '李娜', programme: { code: 'CS-PHD-081200', nameZh: '计算机科学与技术', nameEn: 'Computer Science' }, roomId: 11, room: '101', seat: '002', qualified: false },
  ],
};

function server(routes: Record<string, Handler> = {}, list = LIST()): Call[] {
  return mockApi({ [url('sessions')]: () => ok(list), [url('seats')]: () => ok(SEATS), ...routes });
}
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);
const show = () => render(<Wrapper path="/admissions/exams"><ExamsPage /></Wrapper>);
const row = async () => (await within(await screen.findByRole('table')).findByText('English')).closest('tr')!;

describe('exams page', () => {
  it('lists the sittings with their rooms, how full they are, and who still needs a seat', async () => {
    server();
    show();
    expect(await screen.findByText(/5 qualified, 2 without a seat/)).toBeInTheDocument();
    const r = await row();
    expect(within(r).getByText('Foreign-language exam')).toBeInTheDocument();
    expect(within(r).getByText('101 (2/2), 102 (1/30)')).toBeInTheDocument();
    expect(within(r).getByText('3 of 32')).toBeInTheDocument();
    expect(within(r).getByText('Not printed yet')).toBeInTheDocument();
    // Somebody is seated: the session cannot be deleted from here.
    expect(within(r).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('seats the qualified and says how many still have no seat', async () => {
    const calls = server({ [url('assignSeats')]: () => ok({ seated: 1, unseated: 1 }) });
    show();
    fireEvent.click(within(await row()).getByRole('button', { name: 'Seat applicants in English' }));
    expect(await screen.findByText(/1 qualified applicants still have no seat/)).toBeInTheDocument();
    expect(bodies(calls, 'assignSeats')).toEqual([{ sessionId: 3 }]);
  });

  it('creates a session as Beijing time with its rooms, and refuses an end before the start without calling', async () => {
    const calls = server({ [url('save')]: () => ok({ id: 4 }) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'New session' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Japanese' } });
    fireEvent.change(within(dialog).getByLabelText('Starts (Beijing time)'), { target: { value: '2027-03-15T14:00' } });
    fireEvent.change(within(dialog).getByLabelText('Ends (Beijing time)'), { target: { value: '2027-03-15T13:00' } });
    fireEvent.change(within(dialog).getByLabelText('Venue'), { target: { value: 'Library' } });
    fireEvent.change(within(dialog).getByLabelText('Room 1'), { target: { value: 'L1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('It must end after it starts.')).toBeInTheDocument();
    expect(bodies(calls, 'save')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Ends (Beijing time)'), { target: { value: '2027-03-15T16:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a room' }));
    fireEvent.change(within(dialog).getByLabelText('Room 2'), { target: { value: 'L2' } });
    fireEvent.change(within(dialog).getByLabelText('Seats in room 2'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(calls, 'save')).toHaveLength(1));
    expect(bodies(calls, 'save')[0]).toEqual({
      kind: 'language',
      subject: 'Japanese',
      startsAt: '2027-03-15T14:00:00+08:00',
      endsAt: '2027-03-15T16:00:00+08:00',
      venue: 'Library',
      notes: '',
      rooms: [
        { name: 'L1', capacity: 30 },
        { name: 'L2', capacity: 12 },
      ],
      version: 0,
    });
  });

  it('shows the server’s refusal in the dialog, which stays open', async () => {
    server({ [url('save')]: () => fail(409, 'Room 103 of this venue is already used by “English” at an overlapping time.') });
    show();
    fireEvent.click(within(await row()).getByRole('button', { name: 'Edit English' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Applicants are seated: the exam cannot change.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/already used by “English”/)).toBeInTheDocument();
  });

  it('shows a printing’s progress, then its download, and says when seats changed since', async () => {
    const running = { id: 8, sessionId: 3, state: 'running' as const, total: 3, done: 1, requestedAt: '2027-03-01T01:00:00.000Z', finishedAt: null, size: null, error: null };
    // The progress is the printing's own call, asked while it runs, not the whole list.
    const calls = server({ [url('batch')]: () => ok({ ...running, done: 2 }) }, LIST([{ ...SESSION, batch: running }]));
    show();
    const r = await row();
    expect(await within(r).findByText('Printing 2 of 3')).toBeInTheDocument();
    expect(bodies(calls, 'batch')[0]).toEqual({ batchId: 8 });
    expect(within(r).getByRole('button', { name: 'Print tickets of English' })).toBeDisabled();
  });

  it('offers the download of a finished printing and marks it stale after a move', async () => {
    const done = { id: 8, sessionId: 3, state: 'done' as const, total: 3, done: 3, requestedAt: '2027-03-01T01:00:00.000Z', finishedAt: '2027-03-01T01:01:00.000Z', size: 1000, error: null };
    server({}, LIST([{ ...SESSION, batch: done, changedSinceBatch: true }]));
    show();
    const r = await row();
    expect(within(r).getByText(/^3 printed/)).toBeInTheDocument();
    expect(within(r).getByText('Seats changed since: print again')).toBeInTheDocument();
    expect(within(r).getByRole('button', { name: 'Download tickets of English' })).toBeEnabled();
  });

  it('opens the seating plan and moves one applicant to another seat', async () => {
    const calls = server({ [url('move')]: () => ok(null) });
    show();
    fireEvent.click(within(await row()).getByRole('button', { name: /expand row/i }));
    const plan = await screen.findByRole('table', { name: 'Seating plan of English' });
    expect(await within(plan).findByText('No longer qualified: no ticket')).toBeInTheDocument();
    fireEvent.click(within(plan).getByRole('button', { name: 'Move 张伟' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Seat'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(bodies(calls, 'move')).toEqual([{ sessionId: 3, ticketNo: '2027L000001', roomId: 11, seat: 2 }]));
  });
});
