import type { CreateStaffAccountRequest, OneTimePassword } from '@gradus/contract/api/staff-accounts';
import { useAccountChange } from './change';

/** A new account; the server answers with its one-time password, shown once. */
export const useCreateStaffAccount = () => useAccountChange<CreateStaffAccountRequest, OneTimePassword>('create');
