import type { DeclineAccountRequest } from '@gradus/contract/api/staff-accounts';
import { useAccountChange } from './change';

/** Declines a request, or withdraws one's own: with a reason, kept in the audit trail. */
export const useDeclineAccountRequest = () => useAccountChange<DeclineAccountRequest, null>('decline');
