import type { DisableStaffAccountRequest } from '@gradus/contract/api/staff-accounts';
import { useAccountChange } from './change';

/** Stops an account from signing in; its open sessions end at once. */
export const useDisableStaffAccount = () => useAccountChange<DisableStaffAccountRequest, null>('disable');
