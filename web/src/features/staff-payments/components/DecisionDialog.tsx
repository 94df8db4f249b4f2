import { useState } from 'react';
import { Alert, Descriptions, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OFFLINE_REFERENCE_PATTERN, OFFLINE_REJECT_REASON_MAX, type OfflineReceiptRowView } from '@gradus/contract/api/offline-payment';
import { useConfirmReceipt, useRejectReceipt } from '../api/receipts';
import { useMoney } from './useMoney';

export type Decision = 'confirm' | 'reject';

/**
 * Confirming a receipt (the order is settled; the bank's reference may be noted) or rejecting it
 * with the reason the applicant reads. What the page can tell is refused before sending; the
 * server's refusal (decided meanwhile by someone else, the order paid meanwhile) shows here and
 * nothing changes.
 */
export function DecisionDialog({ decision, row, onClose }: { decision: Decision; row: OfflineReceiptRowView; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const confirm = useConfirmReceipt();
  const reject = useRejectReceipt();
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pending = confirm.isPending || reject.isPending;
  const failure = confirm.error ?? reject.error;

  const submit = () => {
    if (decision === 'confirm') {
      const ref = reference.trim();
      if (ref && !OFFLINE_REFERENCE_PATTERN.test(ref)) return setProblem(t('offlinePayments.referenceInvalid'));
      setProblem(null);
      confirm.mutate({ receiptId: row.id, ...(ref ? { reference: ref } : {}) }, { onSuccess: onClose });
    } else {
      if (!reason.trim()) return setProblem(t('offlinePayments.reasonRequired'));
      setProblem(null);
      reject.mutate({ receiptId: row.id, reason: reason.trim() }, { onSuccess: onClose });
    }
  };

  return (
    <Modal
      open
      title={t(decision === 'confirm' ? 'offlinePayments.confirmTitle' : 'offlinePayments.rejectTitle', { name: row.name, number: row.applicantNumber })}
      okText={t(decision === 'confirm' ? 'offlinePayments.confirmSend' : 'offlinePayments.rejectSend')}
      okButtonProps={decision === 'reject' ? { danger: true } : {}}
      cancelText={t('offlinePayments.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={pending}
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'amount', label: t('offlinePayments.column.amount'), children: money(row.amountCents, row.currency) },
          { key: 'orderNo', label: t('offlinePayments.column.orderNo'), children: row.orderNo },
          { key: 'file', label: t('offlinePayments.column.receipt'), children: row.fileName },
        ]}
      />
      {decision === 'confirm' ? (
        <>
          <Typography.Paragraph className="offline-payments__hint">{t('offlinePayments.confirmHint')}</Typography.Paragraph>
          <label className="offline-payments__field">
            <Typography.Text>{t('offlinePayments.reference')}</Typography.Text>
            <Input aria-label={t('offlinePayments.reference')} value={reference} maxLength={64} onChange={(e) => setReference(e.target.value)} />
          </label>
        </>
      ) : (
        <label className="offline-payments__field">
          <Typography.Text>{t('offlinePayments.reason')}</Typography.Text>
          <Input.TextArea aria-label={t('offlinePayments.reason')} value={reason} rows={3} maxLength={OFFLINE_REJECT_REASON_MAX} showCount onChange={(e) => setReason(e.target.value)} />
        </label>
      )}
      {(problem || failure) && <Alert type="error" showIcon title={problem ?? failure?.message} />}
    </Modal>
  );
}
