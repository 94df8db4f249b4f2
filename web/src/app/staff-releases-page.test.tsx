import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReleaseListView, ReleasePreviewView, ViewAsApplicantView } from '@gradus/contract/api/staff-releases';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call } from '@/test/api';
import StaffReleasesPage from './StaffReleasesPage';

/** "View as applicant" from the release's preview: the applicant's own page, drawn by the results feature. */
const url = (call: string) => `/mucgrs-service/staff/releases/${call}`;
const LIST: ReleaseListView = { area: 'doctor', recruitYear: '2027', mayPublish: true, releases: [{ release: 'languageScore', published: false, publishedAt: null, plan: null }] };
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

async function openPlan(): Promise<HTMLElement> {
  render(
    <Wrapper path="/admissions/releases">
      <StaffReleasesPage />
    </Wrapper>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Plan release Foreign-language scores' }));
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
});
