import { useQuery } from '@tanstack/react-query';
import type { ApplicationFilterOptionsView } from '@gradus/contract/api/staff';
import { post } from '@/lib/request';

/** The cycles, departments and programmes the list's filters offer (a secretary's own only). */
export const getFilterOptions = () => post<ApplicationFilterOptionsView>('/mucgrs-service/staff/applications/options', {});
export const useFilterOptions = (viewer: string) => useQuery({ queryKey: ['staff', 'applications', 'options', viewer] as const, queryFn: getFilterOptions, staleTime: 60_000 });
