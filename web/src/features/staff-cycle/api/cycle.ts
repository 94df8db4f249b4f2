import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecruitYearsView, SaveWindowRequest, StartYearRequest, TimelineView } from '@gradus/contract/api/staff-cycle';
import type { AdmissionArea } from '@gradus/contract/areas';
import { post } from '@/lib/request';

const base = '/mucgrs-service/staff/cycle';
export const cycleKey = (...rest: unknown[]) => ['staff', 'cycle', ...rest] as const;

export const useRecruitYears = (viewer: string) => useQuery({ queryKey: cycleKey('years', viewer), queryFn: () => post<RecruitYearsView>(`${base}/years`, {}) });

/** A cycle's timeline of a year: the doctoral one or the Hong Kong, Macao and Taiwan one (gat). */
export const useTimeline = (viewer: string, cycle: AdmissionArea, recruitYear: string | undefined) =>
  useQuery({
    queryKey: cycleKey('timeline', viewer, cycle, recruitYear),
    queryFn: () => post<TimelineView>(`${base}/timeline`, { area: cycle, ...(recruitYear ? { recruitYear } : {}) }),
  });

/** A new year changes every page's year: everything is fetched again, refused or not. */
export function useStartYear() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: StartYearRequest) => post<RecruitYearsView>(`${base}/startYear`, body, { silent: true }), onSettled: () => client.invalidateQueries() });
}

export function useSaveWindow() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: SaveWindowRequest) => post<TimelineView>(`${base}/saveWindow`, body, { silent: true }), onSettled: () => client.invalidateQueries({ queryKey: cycleKey() }) });
}
