import { useId } from 'react';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdmissionDetailView } from '@gradus/contract/doctor/admission';
import { useDate } from './useDate';

/**
 * The postal tracking number, filled by the graduate school once it posts the notice or the paper
 * letter; the applicant only reads it.
 */
export function TrackingField({ detail }: { detail: AdmissionDetailView<'notice' | 'paperLetter'> }) {
  const { t } = useTranslation();
  const date = useDate();
  // Not a form value (nothing to submit): the label is tied to the input by id instead of by name.
  const id = useId();
  return (
    <>
      {detail.trackingNumber && detail.postedAt && (
        <Alert
          className="admission__posted"
          type="success"
          showIcon
          title={t(`admission.posted.${detail.kind}`, { date: date(detail.postedAt, true) })}
          description={t('admission.postedNumber', { number: detail.trackingNumber })}
        />
      )}
      <Form.Item label={t('admission.trackingNumber')} extra={detail.trackingNumber ? undefined : t('admission.trackingHint')} className="admission__tracking" htmlFor={id}>
        <Input id={id} variant="filled" readOnly value={detail.trackingNumber ?? ''} placeholder={t('admission.trackingPending')} aria-readonly="true" />
      </Form.Item>
    </>
  );
}
