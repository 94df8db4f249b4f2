import { useQuery } from '@tanstack/react-query';
import type { StaffAccountOptionsView } from '@gradus/contract/api/staff-accounts';
import { post } from '@/lib/request';
import { accountsKey } from './change';

/** The roles, schools and permissions the account form offers. */
export const getStaffAccountOptions = () => post<StaffAccountOptionsView>('/mucgrs-service/staff/accounts/options', {});
export const useStaffAccountOptions = (viewer: string) => useQuery({ queryKey: accountsKey('options', viewer), queryFn: getStaffAccountOptions, staleTime: 60_000 });
