import { useQuery } from '@tanstack/react-query';
import type { CatalogueView } from '@gradus/contract/doctor/form';
import type { ApplicationFileView, RevealedIdNumber, RevealIdNumberRequest } from '@gradus/contract/api/staff-file';
import { post } from '@/lib/request';

/** Everything the caller may see of one application, and what they may do on it. */
export const getApplicationFile = (applicationId: number) => post<ApplicationFileView>('/mucgrs-service/staff/applications/file', { applicationId }, { silent: true });

/** Keyed by who asks, like the list: a file drawn for one account is never shown to the next. */
export const fileQueryKey = (viewer: string, applicationId: number) => ['staff', 'applications', 'file', viewer, applicationId] as const;

export const useApplicationFile = (viewer: string, applicationId: number | null) =>
  useQuery({
    queryKey: fileQueryKey(viewer, applicationId ?? 0),
    queryFn: () => getApplicationFile(applicationId!),
    enabled: applicationId !== null,
    retry: false,
  });

/** The full ID number: the server logs the reason before it answers. Errors are shown in the dialog. */
export const revealIdNumber = (body: RevealIdNumberRequest) => post<RevealedIdNumber>('/mucgrs-service/staff/applications/revealIdNumber', body, { silent: true });

/** Departments, programmes, directions, supervisors: what a form's choices name. Reference data: kept a while. */
export const useStaffCatalogue = () =>
  useQuery({
    queryKey: ['staff', 'catalogue'] as const,
    queryFn: () => post<CatalogueView>('/mucgrs-service/staff/applications/catalogue'),
    staleTime: 10 * 60_000,
  });
