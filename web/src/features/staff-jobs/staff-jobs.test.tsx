import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { JobsOverviewView } from '@gradus/contract/api/staff-jobs';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok } from '@/test/api';
import JobsPage from './pages/JobsPage';

const OVERVIEW: JobsOverviewView = {
  runner: 'redis',
  waiting: { printing: 1, mail: 480 },
  printings: [
    { id: 3, sessionId: 2, state: 'running', total: 5000, done: 1250, requestedAt: '2027-03-10T01:00:00.000Z', finishedAt: null, size: null, error: null, subject: '英语', kind: 'language', recruitYear: '2027', requestedBy: '周杰' },
    { id: 2, sessionId: 1, state: 'failed', total: 80, done: 50, requestedAt: '2027-03-09T01:00:00.000Z', finishedAt: '2027-03-09T01:05:00.000Z', size: null, error: 'failed', subject: '综合考核', kind: 'assessment', recruitYear: '2027', requestedBy: null },
  ],
  notices: [
    { area: 'doctor', recruitYear: '2027', release: 'qualificationReview', sent: 9500, waiting: 480, failed: 20, lastError: '550 5.1.1 mailbox unavailable', writtenAt: '2027-03-10T02:00:00.000Z' },
  ],
};
const show = () => render(<Wrapper path="/system/jobs"><JobsPage /></Wrapper>);
const rowOf = async (table: string, text: string) => (await within(screen.getByRole('table', { name: table })).findByText(text, { exact: false })).closest('tr')!;

describe('background work page', () => {
  it('shows each printing with where it stands, and each release’s notices with what the mail server refused', async () => {
    mockApi({ '/mucgrs-service/staff/jobs/overview': () => ok(OVERVIEW) });
    show();
    expect(await screen.findByText('Jobs run on Redis, shared by every instance. Waiting now: 1 printing(s), 480 notice(s).')).toBeInTheDocument();
    const running = await rowOf('Ticket printings', '英语');
    expect(within(running).getByText('Printing')).toBeInTheDocument();
    expect(within(running).getByRole('progressbar', { name: '1,250 of 5,000 printed' })).toBeInTheDocument();
    expect(within(running).getByText('周杰')).toBeInTheDocument();
    const failed = await rowOf('Ticket printings', '综合考核');
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).queryByRole('progressbar')).toBeNull();
    const notices = await rowOf('Release notices', 'Eligibility review result');
    expect(within(notices).getByText('9,500 of 10,000 mailed')).toBeInTheDocument();
    expect(within(notices).getByText('480 still to go')).toBeInTheDocument();
    expect(within(notices).getByText('20 could not be delivered')).toBeInTheDocument();
    expect(within(notices).getByText('550 5.1.1 mailbox unavailable')).toBeInTheDocument();
  });

  it('says so when nothing has run yet', async () => {
    mockApi({ '/mucgrs-service/staff/jobs/overview': () => ok({ runner: 'process', waiting: { printing: 0, mail: 0 }, printings: [], notices: [] }) });
    show();
    expect(await screen.findByText('Jobs run in this one server process. Waiting now: 0 printing(s), 0 notice(s).')).toBeInTheDocument();
    expect(screen.getByText('No tickets have been printed yet.')).toBeInTheDocument();
    expect(screen.getByText('No release notices have been written yet.')).toBeInTheDocument();
  });

  it('says when the background work cannot be read', async () => {
    mockApi({ '/mucgrs-service/staff/jobs/overview': () => fail(403, 'You may not do that.') });
    show();
    expect(await screen.findByText('The background work could not be loaded.')).toBeInTheDocument();
  });
});
