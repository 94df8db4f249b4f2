import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhotoDecisionRequest, PhotoQueueRequest, PhotoQueueView, QualificationDecisionRequest, ReturnApplicationRequest } from '@gradus/contract/api/staff-review';
import { post } from '@/lib/request';

/** The oldest photo waiting in the caller's scope, passing over the ones skipped in this sitting. */
export const nextPhotos = (body: PhotoQueueRequest) => post<PhotoQueueView>('/mucgrs-service/staff/photos/next', body);

export const decidePhoto = (body: PhotoDecisionRequest) => post<{ materialId: number }>('/mucgrs-service/staff/photos/review', body, { silent: true });

/** A decision changes what the list, the file and the queues show: they are fetched again. */
function useReviewMutation<B>(call: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export const useDecideQualification = () =>
  useReviewMutation((body: QualificationDecisionRequest) => post('/mucgrs-service/staff/applications/decide', body, { silent: true }));

export const useReturnApplication = () =>
  useReviewMutation((body: ReturnApplicationRequest) => post<{ returnedUntil: string }>('/mucgrs-service/staff/applications/return', body, { silent: true }));
