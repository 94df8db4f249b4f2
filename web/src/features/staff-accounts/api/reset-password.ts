import type { AccountChangeReply } from '@gradus/contract/api/staff-accounts';
import { useAccountChange } from './change';

/**
 * A new one-time password for someone who lost theirs; the account's sessions end. A privileged
 * account's waits for a second system administrator and is then mailed to its owner.
 */
export const useResetStaffPassword = () => useAccountChange<{ userId: number }, AccountChangeReply>('resetPassword');
