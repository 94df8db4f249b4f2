import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApplicationListRequest } from '@gradus/contract/api/staff';
import type { ApplicationListPage } from '@gradus/contract/api/staff-batch';
import { post } from '@/lib/request';

/** One page of the applications the signed-in staff member's scope covers, filtered on the server, with the batch actions they may take. */
export const listApplications = (query: ApplicationListRequest) => post<ApplicationListPage>('/mucgrs-service/staff/applications/list', query);

/** The previous page stays on screen while the next one loads, so the table does not jump. */
export const useApplicationList = (viewer: string, query: ApplicationListRequest, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['staff', 'applications', 'list', viewer, query] as const,
    queryFn: () => listApplications(query),
    // Only the same viewer's previous page: never another account's or role's rows.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === viewer ? keepPreviousData(previous) : undefined),
  });
