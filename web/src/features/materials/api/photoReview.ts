import { useQuery } from '@tanstack/react-query';
import type { PhotoReviewView } from '@gradus/contract/doctor/materials-api';
import { post } from '@/lib/request';

/** { published: false } until staff publish the photo review; then the result and its reason. */
export const getPhotoReview = () => post<PhotoReviewView>('/mucgrs-service/doctor/materials/photoReview');
export const photoReviewQuery = { queryKey: ['doctor', 'materials', 'photoReview'] as const, queryFn: getPhotoReview };
export const usePhotoReview = () => useQuery(photoReviewQuery);
