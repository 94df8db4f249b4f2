import type { LogAccount } from '@gradus/contract/api/staff-logs';
import { accountHandle } from '../account-label';

/** An account in a log's table: the name, then the login name or applicant number it signs in with. */
export function AccountCell({ account }: { account: LogAccount }) {
  const handle = accountHandle(account);
  return (
    <span className="logs__account">
      <span>{account.name}</span>
      {handle && <span className="logs__mono logs__secondary">{handle}</span>}
    </span>
  );
}
