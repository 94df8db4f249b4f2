import { useQuery } from '@tanstack/react-query';
import type { AccountRequestRow } from '@gradus/contract/api/staff-accounts';
import { post } from '@/lib/request';
import { accountsKey } from './change';

/** The changes waiting for a second system administrator, oldest first. */
export const useAccountRequests = (viewer: string) =>
  useQuery({
    queryKey: accountsKey('requests', viewer),
    queryFn: () => post<AccountRequestRow[]>('/mucgrs-service/staff/accounts/requests', {}),
  });
