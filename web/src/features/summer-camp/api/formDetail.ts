import { useQuery } from '@tanstack/react-query';
import type { CampFormDetailView } from '@gradus/contract/summer-camp/form';
import { post } from '@/lib/request';

/** The camper's own form; never refetched behind their back while they type (the page decides). */
export const getCampFormDetail = () => post<CampFormDetailView>('/mucgrs-service/summerCamp/form/detail');
export const campFormDetailKey = ['summerCamp', 'form', 'detail'] as const;
export const useCampFormDetail = () => useQuery({ queryKey: campFormDetailKey, queryFn: getCampFormDetail, refetchOnWindowFocus: false, refetchOnReconnect: false });
