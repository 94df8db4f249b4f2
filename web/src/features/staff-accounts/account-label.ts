/**
 * How an account is named in titles, messages and screen-reader labels: two people may share a
 * name, never a login name. Not a translation: both parts are the account's own.
 */
export const accountLabel = (account: { name: string; loginName: string }): string => `${account.name} (${account.loginName})`;
