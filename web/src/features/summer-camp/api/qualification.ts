import { useQuery } from '@tanstack/react-query';
import type { CampQualificationView } from '@gradus/contract/summer-camp/qualification';
import { post } from '@/lib/request';

/** Where the camper's application stands and their camp place, with the server's clock; both camper pages read it. */
export const getCampQualification = () => post<CampQualificationView>('/mucgrs-service/summerCamp/qualification/detail');
export const campQualificationKey = ['summerCamp', 'qualification', 'detail'] as const;
export const useCampQualification = () => useQuery({ queryKey: campQualificationKey, queryFn: getCampQualification });
