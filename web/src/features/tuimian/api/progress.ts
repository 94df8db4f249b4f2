import { useQuery } from '@tanstack/react-query';
import type { ApplicationProgressView } from '@gradus/contract/forms/progress';
import { post } from '@/lib/request';

/** Where the applicant's own application stands: the form's status, the school's review, the graduate school's. */
export const getTmsProgress = () => post<ApplicationProgressView>('/mucgrs-service/tms/application/progress');
export const useTmsProgress = () => useQuery({ queryKey: ['tms', 'application', 'progress'] as const, queryFn: getTmsProgress });
