import type { AccountRequestConfirmed, ConfirmAccountRequest } from '@gradus/contract/api/staff-accounts';
import { useAccountChange } from './change';

/** A second administrator confirms a request: the change is made, a one-time password mailed to the account. */
export const useConfirmAccountRequest = () => useAccountChange<ConfirmAccountRequest, AccountRequestConfirmed>('confirm');
