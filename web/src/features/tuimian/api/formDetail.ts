import { useQuery } from '@tanstack/react-query';
import type { TmsFormDetailView } from '@gradus/contract/tuimian/form';
import { post } from '@/lib/request';

/** The applicant's own tuimian form; never refetched behind their back while they type (the page decides). */
export const getTmsFormDetail = () => post<TmsFormDetailView>('/mucgrs-service/tms/form/detail');
export const tmsFormDetailKey = ['tms', 'form', 'detail'] as const;
export const useTmsFormDetail = () => useQuery({ queryKey: tmsFormDetailKey, queryFn: getTmsFormDetail, refetchOnWindowFocus: false, refetchOnReconnect: false });
