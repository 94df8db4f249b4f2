import { useQuery } from '@tanstack/react-query';
import type { CatalogueView } from '@gradus/contract/doctor/form';
import type { RevealedIdNumber, RevealIdNumberRequest } from '@gradus/contract/api/staff-file';
import { post } from '@/lib/request';
import { useReviewChannel } from '../review-channel';

/** Keyed by who asks, like the list: a file drawn for one account is never shown to the next. */
export const fileQueryKey = (viewer: string, applicationId: number) => ['staff', 'applications', 'file', viewer, applicationId] as const;

/** The file through the channel the screen is opened on: the back office's call, or a review link's. */
export function useApplicationFile(viewer: string, applicationId: number | null) {
  const channel = useReviewChannel();
  return useQuery({
    queryKey: channel.root === 'staff' ? fileQueryKey(viewer, applicationId ?? 0) : [channel.root, 'file', applicationId],
    queryFn: () => channel.file(applicationId!),
    enabled: applicationId !== null,
    retry: false,
  });
}

/** The full ID number: the server logs the reason before it answers. Errors are shown in the dialog. */
export const revealIdNumber = (body: RevealIdNumberRequest) => post<RevealedIdNumber>('/mucgrs-service/staff/applications/revealIdNumber', body, { silent: true });

/** Departments, programmes, directions, supervisors: what a form's choices name. Reference data: kept a while. */
export const useStaffCatalogue = () =>
  useQuery({
    queryKey: ['staff', 'catalogue'] as const,
    queryFn: () => post<CatalogueView>('/mucgrs-service/staff/applications/catalogue'),
    staleTime: 10 * 60_000,
  });
