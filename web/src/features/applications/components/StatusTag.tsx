import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationListRow } from '@gradus/contract/api/staff';

/** Each state in words with a colour beside it, never colour alone (WCAG 1.4.1). */
const COLOURS: Record<string, string> = {
  submitted: 'blue',
  draft: 'default',
  returned: 'orange',
  paid: 'green',
  unpaid: 'default',
  missing: 'default',
  uploaded: 'gold',
  approved: 'green',
  rejected: 'red',
  pending: 'default',
  pass: 'green',
  fail: 'red',
};

export function StatusTag({ kind, value }: { kind: 'formStatus' | 'payment' | 'photo' | 'qualification'; value: string }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[value] ?? 'default'}>{t(`applications.${kind}.${value}`)}</Tag>;
}

export const paymentValue = (row: ApplicationListRow): string => (row.paid ? 'paid' : 'unpaid');
