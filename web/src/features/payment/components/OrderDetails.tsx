import type { ReactNode } from 'react';
import { Descriptions, Grid, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { usePaymentScope } from '../scope';
import { useFormat } from './useFormat';

const STATUS_COLOR = { pending: 'warning', paid: 'success', closed: 'default' } as const;

export function StatusTag({ status }: { status: PaymentOrderView['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="payment-status">
      {t(`payment.status.${status}`)}
    </Tag>
  );
}

/** One order's facts. Labels above values on a phone: a two-column table does not fit 375 px. */
export function OrderDetails({ order }: { order: PaymentOrderView }) {
  const { t } = useTranslation();
  const { money, dateTime } = useFormat();
  const { purposeKeys } = usePaymentScope();
  const wide = Grid.useBreakpoint().sm ?? true;
  const providerKey = `payment.provider.${order.provider}`;
  const rows: Array<[string, ReactNode] | null> = [
    ['item', t(`${purposeKeys}.${order.purpose}`)],
    ['amount', <strong data-testid="payment-amount">{money(order.amountCents, order.currency)}</strong>],
    ['orderNo', <span data-testid="payment-order-no">{order.orderNo}</span>],
    ['status', <StatusTag status={order.status} />],
    ['provider', t(providerKey) === providerKey ? order.provider : t(providerKey)],
    order.tradeNo ? ['tradeNo', order.tradeNo] : null,
    order.paidAt ? ['paidAt', dateTime(order.paidAt)] : null,
    ['createdAt', dateTime(order.createdAt)],
  ];
  return (
    <Descriptions
      className="payment__details"
      column={1}
      bordered
      size="middle"
      layout={wide ? 'horizontal' : 'vertical'}
      items={rows.filter((r): r is [string, ReactNode] => r !== null).map(([key, value]) => ({ key, label: t(`payment.order.${key}`), children: value }))}
    />
  );
}
