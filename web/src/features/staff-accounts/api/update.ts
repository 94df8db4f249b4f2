import type { UpdateStaffAccountRequest } from '@gradus/contract/api/staff-accounts';
import { useAccountChange } from './change';

/** Name, address, roles, schools and permissions; the login name never changes. */
export const useUpdateStaffAccount = () => useAccountChange<UpdateStaffAccountRequest, null>('update');
