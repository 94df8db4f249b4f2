import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CORRECTION_DAYS, FORM_SECTIONS, type FormSection } from '@gradus/contract/doctor/form';

export interface ReturnFieldValues {
  sections: FormSection[];
  reason: string;
  until: string;
}

/** A calendar day in Beijing, `days` from now, as an <input type="date"> value. */
export function beijingDay(days: number): string {
  const shifted = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  return shifted.toISOString().slice(0, 10);
}

export const returnInitialValues = (): ReturnFieldValues => ({ sections: [], reason: '', until: beijingDay(DEFAULT_CORRECTION_DAYS) });

/** The chosen last day as the server reads it: the end of that day, Beijing time. */
export const untilOf = (day: string) => `${day}T23:59:59+08:00`;

/**
 * What a return names: the sections to correct, the reason the applicant will read, and the last
 * day for corrections. One application's dialog and the list's batch ask the same.
 */
export function ReturnFields() {
  const { t } = useTranslation();
  const today = beijingDay(0);
  return (
    <>
      <Form.Item name="sections" label={t('review.return.sections')} rules={[{ validator: (_, v?: FormSection[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('review.return.sectionsRequired')))) }]}>
        <Checkbox.Group className="review__sections" options={FORM_SECTIONS.map((s) => ({ value: s, label: t(`form.section.${s}`) }))} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('review.return.reason')}
        extra={t('review.return.reasonHint')}
        rules={[
          { required: true, whitespace: true, message: t('review.reasonRequired') },
          { max: 500, message: t('review.reasonTooLong', { max: 500 }) },
        ]}
      >
        <Input.TextArea rows={3} maxLength={501} />
      </Form.Item>
      <Form.Item
        name="until"
        label={t('review.return.until')}
        extra={t('review.return.untilHint')}
        rules={[
          { required: true, message: t('review.return.untilRequired') },
          { validator: (_, v: string) => (v && v < today ? Promise.reject(new Error(t('review.return.untilPast'))) : Promise.resolve()) },
        ]}
      >
        <Input type="date" min={today} />
      </Form.Item>
    </>
  );
}
