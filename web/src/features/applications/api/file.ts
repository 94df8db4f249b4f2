import { useQuery } from '@tanstack/react-query';
import type { AdmissionArea } from '@gradus/contract/areas';
import type { RevealedIdNumber, RevealIdNumberRequest, StaffCatalogueView } from '@gradus/contract/api/staff-file';
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

/**
 * The names an area's forms point at: departments, programmes, directions, supervisors (for the
 * summer camp, that year's camps with their programmes). Reference data: kept a while, per area
 * and year, so a camp file of one year never reads another year's camps.
 */
export const useStaffCatalogue = (area: AdmissionArea, recruitYear: string | undefined, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['staff', 'catalogue', area, recruitYear ?? null] as const,
    queryFn: () => post<StaffCatalogueView>('/mucgrs-service/staff/applications/catalogue', { area, ...(recruitYear ? { recruitYear } : {}) }),
    staleTime: 10 * 60_000,
  });
