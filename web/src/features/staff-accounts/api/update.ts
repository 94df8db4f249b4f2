import type { AccountChangeReply, UpdateStaffAccountRequest } from '@gradus/contract/api/staff-accounts';
import { useAccountChange } from './change';

/** Name, address, roles, schools and permissions; the login name never changes. Granting publishing waits for a second administrator. */
export const useUpdateStaffAccount = () => useAccountChange<UpdateStaffAccountRequest, AccountChangeReply>('update');
