import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOCTOR_AREA, SUMMER_CAMP_AREA, TMS_AREA, type AdmissionArea } from '@gradus/contract/areas';
import { DEFAULT_CORRECTION_DAYS, FORM_SECTIONS } from '@gradus/contract/doctor/form';
import { CAMP_FORM_SECTIONS } from '@gradus/contract/summer-camp/form';
import { TMS_FORM_SECTIONS } from '@gradus/contract/tuimian/form';

export interface ReturnFieldValues {
  sections: string[];
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
 * The sections of the area's own form and how each is called there: the server refuses a section
 * the application's form does not have (a camp or tuimian form has no "family" section).
 */
export function returnSectionsOf(area: AdmissionArea): { sections: readonly string[]; labelKey: (section: string) => string } {
  if (area === SUMMER_CAMP_AREA) return { sections: CAMP_FORM_SECTIONS, labelKey: (s) => `camp.section.${s}` };
  if (area === TMS_AREA) return { sections: TMS_FORM_SECTIONS, labelKey: (s) => `tmsForm.section.${s}` };
  return { sections: FORM_SECTIONS, labelKey: (s) => `form.section.${s}` };
}

/**
 * What a return names: the sections to correct, the reason the applicant will read, and the last
 * day for corrections. One application's dialog and the list's batch ask the same.
 */
export function ReturnFields({ area = DOCTOR_AREA }: { area?: AdmissionArea }) {
  const { t } = useTranslation();
  const today = beijingDay(0);
  const { sections, labelKey } = returnSectionsOf(area);
  return (
    <>
      <Form.Item name="sections" label={t('review.return.sections')} rules={[{ validator: (_, v?: string[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('review.return.sectionsRequired')))) }]}>
        <Checkbox.Group className="review__sections" options={sections.map((s) => ({ value: s, label: t(labelKey(s)) }))} />
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
