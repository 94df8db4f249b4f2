import { useQuery } from '@tanstack/react-query';
import type { JobsOverviewView } from '@gradus/contract/api/staff-jobs';
import { post } from '@/lib/request';

/** What runs in the background: followed every 3 s while anything waits or runs, every 15 s otherwise. */
export const useJobsOverview = (viewer: string) =>
  useQuery({
    queryKey: ['staff', 'jobs', viewer],
    queryFn: () => post<JobsOverviewView>('/mucgrs-service/staff/jobs/overview', {}),
    refetchInterval: (query) => {
      const data = query.state.data;
      const busy = !!data && (data.waiting.printing > 0 || data.waiting.mail > 0 || data.printings.some((p) => p.state === 'running'));
      return busy ? 3_000 : 15_000;
    },
  });
