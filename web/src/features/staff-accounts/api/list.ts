import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StaffAccountListRequest, StaffAccountListView } from '@gradus/contract/api/staff-accounts';
import { post } from '@/lib/request';
import { accountsKey } from './change';

/** One page of the back office's accounts, filtered and paged on the server. */
export const listStaffAccounts = (query: StaffAccountListRequest) => post<StaffAccountListView>('/mucgrs-service/staff/accounts/list', query);

/** The previous page stays on screen while the next one loads, so the table does not jump. */
export const useStaffAccountList = (viewer: string, query: StaffAccountListRequest) =>
  useQuery({
    queryKey: accountsKey('list', viewer, query),
    queryFn: () => listStaffAccounts(query),
    // Only the same viewer's previous page: never what another account was shown.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === viewer ? keepPreviousData(previous) : undefined),
  });
