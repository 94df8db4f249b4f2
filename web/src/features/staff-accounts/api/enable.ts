import { useAccountChange } from './change';

/** Lets a disabled account sign in again. */
export const useEnableStaffAccount = () => useAccountChange<{ userId: number }, null>('enable');
