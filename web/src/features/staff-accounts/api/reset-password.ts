import type { OneTimePassword } from '@gradus/contract/api/staff-accounts';
import { useAccountChange } from './change';

/** A new one-time password for someone who lost theirs; the account's sessions end. */
export const useResetStaffPassword = () => useAccountChange<{ userId: number }, OneTimePassword>('resetPassword');
