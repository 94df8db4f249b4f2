import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Grid, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReceipt } from '../api/receipt';

/** Downloads the receipt of a paid order; says where it went. */
export function ReceiptButton({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const receipt = useReceipt();
  const wide = Grid.useBreakpoint().sm ?? true;
  return (
    <div className="payment__actions">
      <Button type="primary" icon={<FilePdfOutlined aria-hidden />} loading={receipt.isPending} block={!wide} onClick={() => receipt.mutate(orderNo)}>
        {t('payment.receipt')}
      </Button>
      <Typography.Text type="secondary">{receipt.data === 'saved' ? t('payment.receiptSaved') : t('payment.receiptHint')}</Typography.Text>
    </div>
  );
}
