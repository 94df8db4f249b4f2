import { useQuery } from '@tanstack/react-query';
import type { FormDetailView } from '@gradus/contract/doctor/form';
import { post } from '@/lib/request';

/** The applicant's own form; never refetched behind their back while they type (the page decides). */
export const getFormDetail = () => post<FormDetailView>('/mucgrs-service/doctor/form/detail');
export const formDetailKey = ['doctor', 'form', 'detail'] as const;
export const useFormDetail = () => useQuery({ queryKey: formDetailKey, queryFn: getFormDetail, refetchOnWindowFocus: false, refetchOnReconnect: false });
