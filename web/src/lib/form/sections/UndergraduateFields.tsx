import { Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMP_FORM_LIMITS, GPA_SCALES, RANK_BASES, undergraduateSchema, type SchoolKind } from '@gradus/contract/summer-camp/form';
import { SchoolPicker } from '@/lib/school/SchoolPicker';
import { Field } from '../Field';
import { MonthField } from '../MonthField';
import { crossFieldRule, pastMonthRule } from '../rules';

const section = undergraduateSchema('complete');
const s = section.shape;
const at = (f: string) => ['undergraduate', f];
const cohort = { min: 1, max: CAMP_FORM_LIMITS.cohortMax };

/** The undergraduate school (picked from the list, or typed through an escape), major, dates, GPA and rank: the camp's and the tuimian form's section. */
export function UndergraduateFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const kind = Form.useWatch(at('schoolKind'), form) as SchoolKind | undefined;
  const scale = Form.useWatch(at('gpaScale'), form) as string | undefined;
  // Checked with the whole section's rules, as the server does (rank within the cohort, and so on).
  const across = (field: string, label: () => string, limits?: { min?: number; max?: number }) => crossFieldRule(form, section, ['undergraduate'], [field], label, limits);
  return (
    <Row gutter={16}>
      <Form.Item name={at('schoolCode')} hidden>
        <Input />
      </Form.Item>
      <Field
        name={at('schoolKind')}
        label={t('camp.field.school')}
        schema={s.schoolKind}
        required
        wide
        extra={t('camp.hint.school')}
        extraRules={[across('schoolCode', () => t('camp.field.school'))]}
      >
        <SchoolPicker />
      </Field>
      {kind && kind !== 'listed' && (
        <Field name={at('schoolName')} label={t('camp.field.schoolName')} schema={s.schoolName} required extraRules={[across('schoolName', () => t('camp.field.schoolName'))]}>
          <Input maxLength={100} />
        </Field>
      )}
      {kind === 'outsideMainland' && (
        <Field name={at('schoolRegion')} label={t('camp.field.schoolRegion')} schema={s.schoolRegion} required extra={t('camp.hint.schoolRegion')} extraRules={[across('schoolRegion', () => t('camp.field.schoolRegion'))]}>
          <Input maxLength={50} />
        </Field>
      )}
      <Field name={at('major')} label={t('camp.field.major')} schema={s.major} required>
        <Input maxLength={100} />
      </Field>
      <Field name={at('entryMonth')} label={t('camp.field.entryMonth')} schema={s.entryMonth} required extraRules={[pastMonthRule(() => t('camp.field.entryMonth'))]}>
        <MonthField />
      </Field>
      <Field
        name={at('graduationMonth')}
        label={t('camp.field.graduationMonth')}
        schema={s.graduationMonth}
        required
        extra={t('camp.hint.graduationMonth')}
        dependencies={[at('entryMonth')]}
        extraRules={[across('graduationMonth', () => t('camp.field.graduationMonth'))]}
      >
        <MonthField />
      </Field>
      <Field name={at('gpaScale')} label={t('camp.field.gpaScale')} schema={s.gpaScale} required>
        <Select options={GPA_SCALES.map((v) => ({ value: v, label: v }))} allowClear />
      </Field>
      <Field
        name={at('gpa')}
        label={t('camp.field.gpa')}
        schema={s.gpa}
        required
        limits={{ min: 0, max: scale ? Number(scale) : 100 }}
        dependencies={[at('gpaScale')]}
        extraRules={[across('gpa', () => t('camp.field.gpa'))]}
      >
        <InputNumber min={0} max={100} step={0.01} style={{ width: '100%' }} />
      </Field>
      <Field name={at('rankBasis')} label={t('camp.field.rankBasis')} schema={s.rankBasis} required>
        <Select options={RANK_BASES.map((v) => ({ value: v, label: t(`camp.rankBasis.${v}`) }))} allowClear />
      </Field>
      <Field
        name={at('rank')}
        label={t('camp.field.rank')}
        schema={s.rank}
        required
        limits={cohort}
        dependencies={[at('cohortSize')]}
        extraRules={[across('rank', () => t('camp.field.rank'), cohort)]}
      >
        <InputNumber min={1} max={CAMP_FORM_LIMITS.cohortMax} precision={0} style={{ width: '100%' }} />
      </Field>
      <Field name={at('cohortSize')} label={t('camp.field.cohortSize')} schema={s.cohortSize} required limits={cohort} extra={t('camp.hint.cohortSize')}>
        <InputNumber min={1} max={CAMP_FORM_LIMITS.cohortMax} precision={0} style={{ width: '100%' }} />
      </Field>
    </Row>
  );
}
