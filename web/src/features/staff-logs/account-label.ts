import type { LogAccount } from '@gradus/contract/api/staff-logs';

/** The login name a staff member or expert signs in with, or an applicant's number. */
export const accountHandle = (account: LogAccount): string | null => account.loginName ?? account.applicantNumber;

/**
 * How an account is named in labels and messages: two people may share a name, never a login name
 * or an applicant number. Not a translation: both parts are the account's own.
 */
export function accountLabel(account: LogAccount): string {
  const handle = accountHandle(account);
  return handle ? `${account.name} (${handle})` : account.name;
}
