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

/** The states a tag shows; departmentReview is the school's review before the graduate school's (eligibilityStagesOf). */
export type StatusKind = 'formStatus' | 'payment' | 'photo' | 'qualification' | 'departmentReview';

/** `labelled` names what the state is of ("Photo: Approved") where no column header does. */
export function StatusTag({ kind, value, labelled = false }: { kind: StatusKind; value: string; labelled?: boolean }) {
  const { t } = useTranslation();
  const state = t(`applications.${kind}.${value}`);
  return <Tag color={COLOURS[value] ?? 'default'}>{labelled ? t('applications.labelledState', { what: t(`applications.column.${kind}`), state }) : state}</Tag>;
}

export const paymentValue = (row: ApplicationListRow): string => (row.paid ? 'paid' : 'unpaid');
