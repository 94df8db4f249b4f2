import { useQuery } from '@tanstack/react-query';
import type { JourneyView } from '@gradus/contract';
import { post } from '@/lib/request';

/** The doctoral applicant's timeline: stages with dates, where they stand, what to do next. */
export const getJourney = () => post<JourneyView>('/mucgrs-service/doctor/journey');
export const journeyQuery = { queryKey: ['doctor', 'journey'] as const, queryFn: getJourney };
export const useJourney = (enabled: boolean) => useQuery({ ...journeyQuery, enabled });
