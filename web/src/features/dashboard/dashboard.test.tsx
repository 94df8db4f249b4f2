import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DOCTOR_STAGES, type JourneyView } from '@gradus/contract';
import { changeLanguage } from '@/lib/i18n';
import { mockApi, ok } from '@/test/api';
import { currentLocation, Wrapper } from '@/test/render';
import { JourneyTimeline } from './components/JourneyTimeline';

const JOURNEY = '/mucgrs-service/doctor/journey';

function journey(over: Partial<JourneyView> = {}): JourneyView {
  return {
    stages: DOCTOR_STAGES.map((stage, i) => ({
      stage,
      // 01:00 UTC is 09:00 in Beijing; 09:00 UTC is 17:00.
      opensAt: `2027-03-${String(i + 1).padStart(2, '0')}T01:00:00.000Z`,
      closesAt: `2027-04-${String(i + 1).padStart(2, '0')}T09:00:00.000Z`,
      state: i < 3 ? 'done' : i === 3 ? 'current' : 'upcoming',
    })),
    current: 'photoReview',
    next: { action: 'waitForReview', route: null, deadline: null },
    ...over,
  };
}

const show = () =>
  render(
    <Wrapper path="/dashboard">
      <JourneyTimeline />
    </Wrapper>,
  );

describe('the journey timeline', () => {
  it('shows stage dates in Beijing time whatever the browser zone, and says so once', async () => {
    mockApi({ [JOURNEY]: () => ok(journey()) });
    show();
    expect(await screen.findByText('Mar 1, 2027, 9:00 AM – Apr 1, 2027, 5:00 PM')).toBeInTheDocument();
    expect(screen.getAllByText('All times are Beijing time (UTC+8).')).toHaveLength(1);
  });

  it('labels a deadline as Beijing time too', async () => {
    mockApi({ [JOURNEY]: () => ok(journey({ next: { action: 'payFee', route: '/payManage/pay', deadline: '2027-04-03T09:00:00.000Z' } })) });
    show();
    expect(await screen.findByText('Deadline: Apr 3, 2027, 5:00 PM (Beijing time)')).toBeInTheDocument();
  });

  it('after a failed review says so kindly and opens the result page, not "under review"', async () => {
    mockApi({ [JOURNEY]: () => ok(journey({ next: { action: 'notPassed', route: '/partInfo/index4', deadline: null } })) });
    show();
    expect(await screen.findByText(/you did not pass this stage/)).toBeInTheDocument();
    expect(screen.queryByText(/under review/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See the result' }));
    expect(currentLocation()).toBe('/partInfo/index4');
  });

  it('speaks Chinese with the Beijing label', async () => {
    await changeLanguage('zh-CN');
    mockApi({ [JOURNEY]: () => ok(journey({ next: { action: 'notPassed', route: '/partInfo/index5', deadline: null } })) });
    show();
    expect(await screen.findByText(/很遗憾，您未通过该阶段审核/)).toBeInTheDocument();
    expect(screen.getByText('以上时间均为北京时间（UTC+8）。')).toBeInTheDocument();
    await changeLanguage('en');
  });
});
