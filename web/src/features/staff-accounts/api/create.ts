import type { AccountChangeReply, CreateStaffAccountRequest } from '@gradus/contract/api/staff-accounts';
import { useAccountChange } from './change';

/**
 * A new account: an ordinary one is made at once with its one-time password, shown once; one that
 * may publish or administer waits for a second system administrator.
 */
export const useCreateStaffAccount = () => useAccountChange<CreateStaffAccountRequest, AccountChangeReply>('create');
