import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RecruitYearsView, TimelineView } from '@gradus/contract/api/staff-cycle';
import { Wrapper } from '@/test/render';
import { fail, mockApi, ok, type Call } from '@/test/api';
import CyclePage from './pages/CyclePage';

const url = (call: string) => `/mucgrs-service/staff/cycle/${call}`;
const YEARS: RecruitYearsView = { current: '2027', years: [{ year: '2027', current: true, createdAt: '2026-09-01T00:00:00.000Z', applicants: 120 }] };
const TIMELINE: TimelineView = {
  area: 'doctor',
  recruitYear: '2027',
  stages: [
    { stage: 'registration', opensAt: '2026-10-01T01:00:00.000Z', closesAt: '2099-12-01T09:00:00.000Z' },
    { stage: 'languageReview', opensAt: null, closesAt: null },
  ],
  releases: [
    { release: 'qualificationReview', published: true },
    { release: 'languageScore', published: false },
  ],
};
const bodies = (calls: Call[], call: string) => calls.filter((c) => c.url === url(call)).map((c) => c.body as Record<string, unknown>);
const show = () => render(<Wrapper path="/admissions/cycle"><CyclePage /></Wrapper>);

describe('cycle page', () => {
  it('shows the year’s stages with their windows and where each result stands', async () => {
    mockApi({ [url('years')]: () => ok(YEARS), [url('timeline')]: () => ok(TIMELINE) });
    show();
    expect(await screen.findByText('Timeline 2027')).toBeInTheDocument();
    const open = (await screen.findByText('Registration')).closest('tr')!;
    expect(within(open).getByText('Open')).toBeInTheDocument();
    expect(within(screen.getByText('Foreign-language review').closest('tr')!).getByText('No window set')).toBeInTheDocument();
    expect(screen.getByText(/Eligibility review result/).parentElement).toHaveTextContent('Published');
  });

  it('sets a window as Beijing time, refusing a close before the open without calling', async () => {
    const calls = mockApi({ [url('years')]: () => ok(YEARS), [url('timeline')]: () => ok(TIMELINE), [url('saveWindow')]: () => ok(TIMELINE) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Foreign-language review' }));
    const dialog = (await screen.findByText('Foreign-language review: window in 2027')).closest<HTMLElement>('[role="dialog"]')!;
    fireEvent.change(within(dialog).getByLabelText('Opens (Beijing time)'), { target: { value: '2027-03-10T09:00' } });
    fireEvent.change(within(dialog).getByLabelText('Closes (Beijing time)'), { target: { value: '2027-03-01T09:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('It must close after it opens.')).toBeInTheDocument();
    expect(bodies(calls, 'saveWindow')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Closes (Beijing time)'), { target: { value: '2027-03-31T17:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(calls, 'saveWindow')).toEqual([{ area: 'doctor', recruitYear: '2027', stage: 'languageReview', opensAt: '2027-03-10T09:00:00+08:00', closesAt: '2027-03-31T17:00:00+08:00' }]),
    );
  });

  it('switches to the Hong Kong, Macao and Taiwan cycle: its own timeline, and its windows saved to it', async () => {
    const calls = mockApi({
      [url('years')]: () => ok(YEARS),
      [url('timeline')]: (body) => ok({ ...TIMELINE, area: (body as { area: 'doctor' | 'gat' }).area }),
      [url('saveWindow')]: () => ok(TIMELINE),
    });
    show();
    await screen.findByText('Timeline 2027');
    expect(screen.queryByText(/have their own cycle/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Hong Kong, Macao and Taiwan applicants'));
    expect(await screen.findByText(/Hong Kong, Macao and Taiwan doctoral applicants have their own cycle/)).toBeInTheDocument();
    await waitFor(() => expect(bodies(calls, 'timeline').at(-1)).toEqual({ area: 'gat' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Foreign-language review' }));
    const dialog = (await screen.findByText('Foreign-language review: window in 2027')).closest<HTMLElement>('[role="dialog"]')!;
    fireEvent.change(within(dialog).getByLabelText('Opens (Beijing time)'), { target: { value: '2027-03-10T09:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(calls, 'saveWindow')).toEqual([{ area: 'gat', recruitYear: '2027', stage: 'languageReview', opensAt: '2027-03-10T09:00:00+08:00', closesAt: null }]));
  });

  it('starts the next year only once it is typed out, and shows the server’s refusal', async () => {
    const calls = mockApi({ [url('years')]: () => ok(YEARS), [url('timeline')]: () => ok(TIMELINE), [url('startYear')]: () => fail(409, 'The recruitment year 2028 already exists.') });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Start 2028' }));
    const dialog = (await screen.findByText('Start the recruitment year 2028?')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByText(/The applicants of 2027 keep reading their own results/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Type 2028 to confirm'), { target: { value: '2029' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start 2028' }));
    expect(await within(dialog).findByText('Type 2028 exactly.')).toBeInTheDocument();
    expect(bodies(calls, 'startYear')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Type 2028 to confirm'), { target: { value: '2028' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start 2028' }));
    expect(await within(dialog).findByText('The recruitment year 2028 already exists.')).toBeInTheDocument();
    expect(bodies(calls, 'startYear')).toEqual([{ year: '2028' }]);
  });
});
