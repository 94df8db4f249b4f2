import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PanelApplicantView, PanelSessionView } from '@gradus/contract/api/staff-interview';
import { resetToken, signIn } from '@/lib/session';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call } from '@/test/api';
import ScoresReviewPage from './pages/ScoresReviewPage';

const PANEL = '/mucgrs-service/staff/interview/panel';
const SAVE = '/mucgrs-service/staff/interview/saveScore';
const LOCK = '/mucgrs-service/staff/interview/lock';

const applicant = (position: number, name: string, mine: Partial<PanelApplicantView['mine']> = {}, others: PanelApplicantView['others'] = null): PanelApplicantView => ({
  position,
  applicationId: 500 + position,
  applicantNumber: `202710000${position}`,
  name,
  mine: { status: 'notStarted', scores: {}, total: null, comment: '', version: 0, ...mine },
  others,
});
const VIEW: PanelSessionView = {
  id: 7,
  kind: 'assessment',
  programme: { id: 11, code: 'CS-PHD-081200', nameZh: '计算机科学与技术（博士）', nameEn: 'Computer Science and Technology (PhD)' },
  startsAt: '2027-03-20T06:00:00.000Z',
  room: 'Room 301',
  sheet: {
    programmeId: 11,
    stage: 'assessment',
    items: [
      { key: 'knowledge', nameZh: '专业知识', nameEn: 'Subject knowledge', max: '40', weight: '1' },
      { key: 'expression', nameZh: '表达', nameEn: 'Expression', max: '20', weight: '1' },
    ],
    maximum: '60.00',
    version: 1,
    inUse: true,
  },
  panel: [
    { userId: 2, name: '周文华', secretary: false, submitted: 2 },
    { userId: 3, name: '赵敏', secretary: true, submitted: 1 },
  ],
  applicants: [applicant(1, '王磊', { status: 'submitted', scores: { knowledge: '30', expression: '15' }, total: '45.00', version: 2 }, [{ memberName: '周文华', total: '50.00' }]), applicant(2, '赵俊杰')],
  secretary: true,
  lockedAt: null,
  lockedBy: null,
};

function server(handlers: Record<string, (body: unknown) => ReturnType<typeof ok>> = {}): Call[] {
  return mockApi({ [PANEL]: () => ok(VIEW), ...handlers });
}
const show = (path = '/scoresReview?session=7') => render(<Wrapper path={path}><ScoresReviewPage /></Wrapper>);

afterEach(() => resetToken());

describe('the panel’s scoring screen', () => {
  it('asks a visitor without a session to sign in, and comes back to the session afterwards', async () => {
    resetToken();
    server();
    show();
    expect(await screen.findByText('Sign in to score')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/scoresReview?session=7')}`);
  });

  it('lists the applicants in order, shows the others only once the member has submitted, and opens the next applicant blind', async () => {
    signIn('token-of-a-member');
    server();
    show();
    const nav = await screen.findByRole('navigation', { name: 'Applicants, in interview order' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['1王磊2027100001Submitted', '2赵俊杰2027100002Not scored']);
    expect(screen.getByRole('region', { name: 'The other members’ scores' })).toHaveTextContent('周文华: 50.00');
    expect(screen.getByRole('textbox', { name: 'Subject knowledge (0–40)' })).toBeDisabled();

    fireEvent.click(within(nav).getByRole('button', { name: /赵俊杰/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /^Applicant 2 of 2/ })).toBeInTheDocument();
    expect(screen.getByText('The other members’ scores appear once yours is submitted.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'The other members’ scores' })).toBeNull();
  });

  it('sends the typed scores with the version it loaded, and shows the server’s refusal of a locked session', async () => {
    signIn('token-of-a-member');
    const locked = 'Scores: the session of 20 March 2027 in Room 301 is locked by 赵敏; nothing in it can change.';
    const calls = server({ [SAVE]: () => fail(409, locked) });
    show('/scoresReview?session=7&at=2');
    const knowledge = await screen.findByRole('textbox', { name: 'Subject knowledge (0–40)' });
    // Out of range is caught before anything is sent.
    fireEvent.change(knowledge, { target: { value: '41' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expression (0–20)' }), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Between 0 and 40.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === SAVE)).toHaveLength(0);

    fireEvent.change(knowledge, { target: { value: '33' } });
    expect(await screen.findByText('Total: 45.50 of 60.00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(locked)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === SAVE).map((c) => c.body)).toEqual([
      { sessionId: 7, applicationId: 502, scores: { knowledge: '33', expression: '12.5' }, comment: '', submit: true, version: 0 },
    ]);
  });

  it('lets the secretary lock, and names who still has scores to give when it is too early', async () => {
    signIn('token-of-the-secretary');
    const missing = 'The session cannot be locked yet: not every score is submitted (赵敏: 1 to go).';
    const calls = server({ [LOCK]: () => fail(409, missing) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Lock the session' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Lock the session' }));
    expect(await screen.findByText(missing)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === LOCK).map((c) => c.body)).toEqual([{ sessionId: 7 }]));
  });
});
