import { useTranslation } from 'react-i18next';
import type { StaffAccountRow } from '@gradus/contract/api/staff-accounts';
import { feedback } from '@/lib/feedback';
import { useDisableStaffAccount } from '../api/disable';
import { accountLabel } from '../account-label';
import { ReasonDialog } from '@/lib/ui/ReasonDialog';

/** Disabling an account, with the reason kept in the audit trail: its sessions end at once. */
export function DisableDialog({ account, onClose }: { account: StaffAccountRow; onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableStaffAccount();
  const who = accountLabel(account);
  return (
    <ReasonDialog
      title={t('accounts.disable.title', { who })}
      okText={t('accounts.disable')}
      danger
      warning={t('accounts.disable.warning')}
      reasonHelp={t('accounts.disable.reasonHelp')}
      pending={disable.isPending}
      onSubmit={async (reason) => {
        await disable.mutateAsync({ userId: account.userId, reason });
        feedback.message.success(t('accounts.disabled', { who }));
      }}
      onClose={onClose}
    />
  );
}
