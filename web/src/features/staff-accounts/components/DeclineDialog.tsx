import { useTranslation } from 'react-i18next';
import type { AccountRequestRow } from '@gradus/contract/api/staff-accounts';
import { feedback } from '@/lib/feedback';
import { useDeclineAccountRequest } from '../api/decline';
import { ReasonDialog } from '@/lib/ui/ReasonDialog';

/** Declining a request, or withdrawing one's own, with the reason kept in the audit trail. */
export function DeclineDialog({ request, what, onClose }: { request: AccountRequestRow; what: string; onClose: () => void }) {
  const { t } = useTranslation();
  const decline = useDeclineAccountRequest();
  const mine = request.mine;
  return (
    <ReasonDialog
      title={mine ? t('accounts.request.withdrawTitle', { what }) : t('accounts.request.declineTitle', { what })}
      okText={mine ? t('accounts.request.withdraw') : t('accounts.request.decline')}
      reasonHelp={t('accounts.request.reasonHelp')}
      pending={decline.isPending}
      onSubmit={async (reason) => {
        await decline.mutateAsync({ requestId: request.requestId, reason });
        feedback.message.success(mine ? t('accounts.request.withdrawn', { what }) : t('accounts.request.declined', { what }));
      }}
      onClose={onClose}
    />
  );
}
