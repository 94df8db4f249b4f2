import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampQualificationView, ConfirmCampPlaceRequest } from '@gradus/contract/summer-camp/qualification';
import { campQualificationKey } from './qualification';

/**
 * An answer to the camper's place. Silent: the page shows a refusal (a stale page, a deadline
 * passed) where the buttons are. The reply is the place as it now stands, shown at once; after a
 * refusal the place is read again, so the page shows what happened meanwhile.
 */
export function usePlaceAnswer(call: (body: ConfirmCampPlaceRequest) => Promise<CampQualificationView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => client.setQueryData(campQualificationKey, view),
    onError: () => client.invalidateQueries({ queryKey: campQualificationKey }),
  });
}
