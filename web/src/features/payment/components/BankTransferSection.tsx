import { useState, type ReactNode } from 'react';
import { FileOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Grid, Progress, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { BANK_ACCOUNT_KEYS, type BankAccountField, type BankTransferView, type OfflineReceiptView } from '@gradus/contract/api/offline-payment';
import { downloadFile } from '@/lib/download';
import { feedback } from '@/lib/feedback';
import { LoadState } from './LoadState';
import { useFormat } from './useFormat';
import { useBankTransfer, useUploadReceipt } from '../api/bankTransfer';

const EXTENSIONS: Record<string, readonly string[]> = { pdf: ['pdf'], jpg: ['jpg', 'jpeg'], png: ['png'] };
const STATE_COLOR = { submitted: 'processing', confirmed: 'success', rejected: 'error' } as const;

/** A fast answer before uploading (the name's extension, the size); the server judges the content. */
function precheck(file: File, view: BankTransferView): { key: string; params?: Record<string, string> } | null {
  const ext = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!view.types.some((t) => EXTENSIONS[t]?.includes(ext))) return { key: 'payment.transfer.checkType' };
  if (file.size === 0 || file.size > view.maxKb * 1024) return { key: 'payment.transfer.checkSize', params: { limit: `${view.maxKb / 1024} MB` } };
  return null;
}

function ReceiptRow({ receipt }: { receipt: OfflineReceiptView }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  return (
    <li className="payment__receipt">
      <div className="payment__receipt-head">
        <Tag color={STATE_COLOR[receipt.state]}>{t(`payment.transfer.state.${receipt.state}`)}</Tag>
        <Button type="link" icon={<FileOutlined aria-hidden />} onClick={() => void downloadFile({ filePath: receipt.filePath, fileName: receipt.fileName }).catch(() => {})}>
          {receipt.fileName}
        </Button>
      </div>
      <Typography.Text type="secondary">{t('payment.transfer.uploadedAt', { date: dateTime(receipt.uploadedAt) })}</Typography.Text>
      {receipt.state === 'rejected' && <Alert type="error" showIcon title={t('payment.transfer.rejectedBecause')} description={receipt.reason} />}
      {receipt.state === 'submitted' && <Typography.Paragraph className="payment__receipt-note">{t('payment.transfer.waitingHint')}</Typography.Paragraph>}
    </li>
  );
}

/** Why the upload is closed, when it is. */
function closedReason(view: BankTransferView): string | null {
  if (view.orderPaid) return null;
  if (view.receipts.some((r) => r.state === 'submitted')) return 'payment.transfer.waiting';
  if (!view.windowOpen) return 'payment.transfer.windowClosed';
  if (!view.account) return 'payment.transfer.notSetUp';
  return null;
}

/**
 * "Pay by bank transfer" (Hong Kong, Macao and Taiwan applicants, whose cards mainland gateways may
 * refuse): the university's account, the exact amount and the order number to quote, and the bank's
 * receipt to upload; the admissions office confirms it (the fee is then paid) or rejects it with a
 * reason, and a rejected receipt may be replaced.
 */
export function BankTransferSection() {
  const { t } = useTranslation();
  const { money } = useFormat();
  const wide = Grid.useBreakpoint().sm ?? true;
  const transfer = useBankTransfer(true);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useUploadReceipt(setProgress);
  const view = transfer.data;

  const start = (file: File) => {
    if (!view) return;
    const found = precheck(file, view);
    if (found) return setProblem(t(found.key, found.params));
    setProblem(null);
    setProgress(0);
    send.mutate(
      { orderNo: view.orderNo, file },
      {
        onSuccess: () => feedback.message.success(t('payment.transfer.sent')),
        onError: (err) => setProblem(err.message || t('payment.transfer.failed')),
      },
    );
  };

  let body: ReactNode;
  if (!view) {
    body = <LoadState pending={transfer.isPending} error={transfer.error} retry={transfer.refetch} />;
  } else {
    const closed = closedReason(view);
    const amount = money(view.amountCents, view.currency);
    const account = view.account;
    const lines = account ? (Object.keys(BANK_ACCOUNT_KEYS) as BankAccountField[]).filter((f) => f !== 'instructions' && account[f] !== '') : [];
    body = (
      <>
        <p>{t('payment.transfer.lead')}</p>
        {account ? (
          <Descriptions
            className="payment__details"
            column={1}
            bordered
            size="middle"
            layout={wide ? 'horizontal' : 'vertical'}
            items={[
              ...lines.map((f) => ({ key: f, label: t(`payment.transfer.account.${f}`), children: <span data-testid={`transfer-${f}`}>{account[f]}</span> })),
              { key: 'amount', label: t('payment.transfer.amount'), children: <strong data-testid="transfer-amount">{amount}</strong> },
              { key: 'orderNo', label: t('payment.transfer.quote'), children: <strong data-testid="transfer-order-no">{view.orderNo}</strong> },
            ]}
          />
        ) : null}
        {account?.instructions && <Typography.Paragraph className="payment__transfer-note">{account.instructions}</Typography.Paragraph>}
        {account && <Alert className="payment__transfer-note" type="info" showIcon title={t('payment.transfer.exact', { amount, orderNo: view.orderNo })} />}
        {view.receipts.length > 0 && (
          <>
            <h3 className="payment__subheading">{t('payment.transfer.receipts')}</h3>
            <ul className="payment__receipts">
              {view.receipts.map((r) => (
                <ReceiptRow key={r.id} receipt={r} />
              ))}
            </ul>
          </>
        )}
        {closed && <Alert className="payment__closed" type={closed === 'payment.transfer.waiting' ? 'info' : 'warning'} showIcon title={t(closed)} />}
        {!view.orderPaid && (
          <div className="payment__actions">
            <Upload
              accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
              showUploadList={false}
              disabled={!view.canUpload || send.isPending}
              beforeUpload={(file) => {
                start(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined aria-hidden />} block={!wide} disabled={!view.canUpload || send.isPending} loading={send.isPending}>
                {t(view.receipts.some((r) => r.state === 'rejected') ? 'payment.transfer.uploadAgain' : 'payment.transfer.upload')}
              </Button>
            </Upload>
            <Typography.Text type="secondary">{t('payment.transfer.limits', { limit: `${view.maxKb / 1024} MB` })}</Typography.Text>
          </div>
        )}
        {send.isPending && <Progress percent={progress} size="small" aria-label={t('payment.transfer.uploading')} />}
        {problem && <Alert className="payment__closed" type="error" showIcon title={problem} closable onClose={() => setProblem(null)} />}
      </>
    );
  }
  return (
    <section aria-labelledby="payment-transfer">
      <h2 id="payment-transfer" className="payment__heading">
        {t('payment.transfer.title')}
      </h2>
      <Card className="payment__card">{body}</Card>
    </section>
  );
}
