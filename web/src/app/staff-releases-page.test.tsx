import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReleaseListView, ReleasePreviewView, ViewAsApplicantView } from '@gradus/contract/api/staff-releases';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call } from '@/test/api';
import StaffReleasesPage from './StaffReleasesPage';

/** "View as applicant" from the release's preview: the applicant's own page, drawn by the results feature. */
const url = (call: string) => `/mucgrs-service/staff/releases/${call}`;
const LIST: ReleaseListView = { area: 'doctor', recruitYear: '2027', mayPublish: true, releases: [{ release: 'languageScore', published: false, publishedAt: null, plan: null, notices: null }] };
const PREVIEW: ReleasePreviewView = {
  outcomes: [{ outcome: 'score', count: 2 }],
  samples: [
    { applicantNumber: '2027100001', name: '张*', outcome: 'score:78.5' },
    { applicantNumber: '2027100002', name: '王*磊', outcome: 'score:91' },
  ],
};
const SCORE: ViewAsApplicantView = {
  applicantNumber: '2027100001',
  name: '张伟',
  result: { kind: 'score', scoreKind: 'language', view: { published: true, score: { kind: 'language', score: '78.5', maxScore: '100', detail: [], remark: '', recordedAt: '2027-03-20T02:00:00.000Z' } } },
};

const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);

async function openPlan(path = '/admissions/releases', release = 'Foreign-language scores'): Promise<HTMLElement> {
  render(
    <Wrapper path={path}>
      <StaffReleasesPage />
    </Wrapper>,
  );
  fireEvent.click(await screen.findByRole('button', { name: `Plan release ${release}` }));
  return (await screen.findByText('What applicants will see')).closest<HTMLElement>('[role="dialog"]')!;
}

describe('view as applicant', () => {
  it('shows a sample applicant’s own score page as it will read once released', async () => {
    const calls = mockApi({ [url('list')]: () => ok(LIST), [url('preview')]: () => ok(PREVIEW), [url('viewAs')]: () => ok(SCORE) });
    const plan = await openPlan();
    fireEvent.click(await within(plan).findByRole('button', { name: 'View as applicant 2027100001' }));
    const page = (await screen.findByText('What 张伟 (2027100001) will see')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(page).getByText('They see nothing of it yet.', { exact: false })).toBeInTheDocument();
    expect(await within(page).findByText('Your score')).toBeInTheDocument();
    expect(within(page).getByText('78.5')).toBeInTheDocument();
    expect(bodies(calls, 'viewAs')).toEqual([{ area: 'doctor', recruitYear: '2027', release: 'languageScore', applicantNumber: '2027100001' }]);
  });

  it('looks up any other registration number, and says plainly when there is no such applicant', async () => {
    const calls = mockApi({ [url('list')]: () => ok(LIST), [url('preview')]: () => ok(PREVIEW), [url('viewAs')]: () => fail(404, 'No applicant numbered 2027999999 submitted a form in 2027.') });
    const plan = await openPlan();
    fireEvent.change(within(plan).getByRole('textbox', { name: 'Another registration number' }), { target: { value: ' 2027999999 ' } });
    fireEvent.click(within(plan).getByRole('button', { name: 'View as applicant' }));
    expect(await screen.findByText('No applicant numbered 2027999999 submitted a form in 2027.')).toBeInTheDocument();
    await waitFor(() => expect(bodies(calls, 'viewAs')).toEqual([{ area: 'doctor', recruitYear: '2027', release: 'languageScore', applicantNumber: '2027999999' }]));
  });

  it('shows a camper’s camp result as their page will, and says when none was recorded', async () => {
    const camp: ReleaseListView = { area: 'summerCamp', recruitYear: '2027', mayPublish: true, releases: [{ release: 'campResult', published: false, publishedAt: null, plan: null, notices: null }] };
    const preview: ReleasePreviewView = {
      outcomes: [
        { outcome: 'outstanding', count: 3 },
        { outcome: 'passed', count: 20 },
        { outcome: 'notRated', count: 0 },
        { outcome: 'absent', count: 1 },
        { outcome: 'none', count: 2 },
      ],
      samples: [
        { applicantNumber: '2027300001', name: '李*', outcome: 'passed' },
        { applicantNumber: '2027300002', name: '周*', outcome: 'none' },
      ],
    };
    const passed: ViewAsApplicantView = { applicantNumber: '2027300001', name: '李娜', result: { kind: 'campResult', view: { attendance: 'attended', rating: 'passed', ratesCampers: true, nationalSystemWindow: '9月28日至10月20日' } } };
    const nothing: ViewAsApplicantView = { applicantNumber: '2027300002', name: '周杰', result: { kind: 'campResult', view: null } };
    const calls = mockApi({
      [url('list')]: () => ok(camp),
      [url('preview')]: () => ok(preview),
      [url('viewAs')]: (body) => ok((body as { applicantNumber: string }).applicantNumber === '2027300001' ? passed : nothing),
    });
    const plan = await openPlan('/admissions/releases?cycle=summerCamp', 'Camp results');
    const counts = await within(plan).findByText('outstanding camper');
    expect(counts.closest('ul')).toHaveTextContent('3 outstanding camper20 passed0 attended (the camp rates nobody)1 absent');
    fireEvent.click(await within(plan).findByRole('button', { name: 'View as applicant 2027300001' }));
    const page = (await screen.findByText('What 李娜 (2027300001) will see')).closest<HTMLElement>('[role="dialog"]')!;
    expect(await within(page).findByRole('heading', { name: 'Your camp result' })).toBeInTheDocument();
    expect(within(page).getByText('Passed')).toBeInTheDocument();
    expect(within(page).getByText('A camp result is not an admission')).toBeInTheDocument();
    expect(within(page).getByText('The national system takes applications 9月28日至10月20日.')).toBeInTheDocument();
    expect(bodies(calls, 'viewAs')).toEqual([{ area: 'summerCamp', recruitYear: '2027', release: 'campResult', applicantNumber: '2027300001' }]);
    fireEvent.click(within(page).getAllByRole('button', { name: 'Close' }).at(-1)!);

    fireEvent.click(within(plan).getByRole('button', { name: 'View as applicant 2027300002' }));
    const none = (await screen.findByText('What 周杰 (2027300002) will see')).closest<HTMLElement>('[role="dialog"]')!;
    expect(await within(none).findByText('No camp result recorded')).toBeInTheDocument();
    expect(within(none).getByText('Nothing was recorded for this camper, so their page will show no camp result.')).toBeInTheDocument();
    expect(within(none).queryByRole('heading', { name: 'Your camp result' })).toBeNull();
  });
  it('shows a tuimian interviewee’s interview result as their page will', async () => {
    const tms: ReleaseListView = { area: 'tms', recruitYear: '2027', mayPublish: true, releases: [{ release: 'interviewResult', published: false, publishedAt: null, plan: null, notices: null }] };
    const preview: ReleasePreviewView = { outcomes: [{ outcome: 'pass', count: 1 }, { outcome: 'fail', count: 1 }], samples: [{ applicantNumber: '2027500002', name: '何*', outcome: 'pass' }] };
    const passed: ViewAsApplicantView = { applicantNumber: '2027500002', name: '何思远', result: { kind: 'tmsInterview', outcome: 'pass' } };
    const calls = mockApi({ [url('list')]: () => ok(tms), [url('preview')]: () => ok(preview), [url('viewAs')]: () => ok(passed) });
    const plan = await openPlan('/admissions/releases?cycle=tms', 'Interview results (recommended-exempt)');
    fireEvent.click(await within(plan).findByRole('button', { name: 'View as applicant 2027500002' }));
    const page = (await screen.findByText('What 何思远 (2027500002) will see')).closest<HTMLElement>('[role="dialog"]')!;
    expect(await within(page).findByRole('heading', { name: 'Interview result' })).toBeInTheDocument();
    expect(within(page).getByText('You passed the interview')).toBeInTheDocument();
    expect(within(page).getByText('Not yet an admission')).toBeInTheDocument();
    expect(bodies(calls, 'viewAs')).toEqual([{ area: 'tms', recruitYear: '2027', release: 'interviewResult', applicantNumber: '2027500002' }]);
  });
});
