import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEGREES, educationRowSchema, FORM_LIMITS, workRowSchema } from '@gradus/contract/doctor/form';
import { monthOrderRule, pastMonthRule } from '@/lib/form/rules';
import { Field } from '@/lib/form/Field';
import { MonthField } from '@/lib/form/MonthField';
import { RowList } from '@/lib/form/RowList';

const edu = educationRowSchema('complete').shape;
const work = workRowSchema('complete').shape;

/** Education history: one row per stage of study, newest last; at least one. */
export function EducationFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { min, max } = FORM_LIMITS.rows.education;
  return (
    <RowList name="education" min={min} max={max} addLabel={t('form.rows.addEducation')} rowTitle={(i) => t('form.rows.education', { row: i + 1 })}>
      {(row) => (
        <>
          <Field name={[row, 'fromMonth']} label={t('form.field.fromMonth')} schema={edu.fromMonth} required extraRules={[pastMonthRule(() => t('form.field.fromMonth'))]}>
            <MonthField />
          </Field>
          <Field
            name={[row, 'toMonth']}
            label={t('form.field.toMonth')}
            schema={edu.toMonth}
            required
            dependencies={[['education', row, 'fromMonth']]}
            extraRules={[monthOrderRule(form, ['education', row, 'fromMonth'], () => t('form.field.toMonth'))]}
          >
            <MonthField />
          </Field>
          <Field name={[row, 'school']} label={t('form.field.school')} schema={edu.school} required>
            <Input maxLength={100} />
          </Field>
          <Field name={[row, 'major']} label={t('form.field.major')} schema={edu.major} required>
            <Input maxLength={100} />
          </Field>
          <Field name={[row, 'degree']} label={t('form.field.degree')} schema={edu.degree} required>
            <Select options={DEGREES.map((d) => ({ value: d, label: t(`form.degree.${d}`) }))} allowClear />
          </Field>
          <Field name={[row, 'degreeCertificateNo']} label={t('form.field.degreeCertificateNo')} schema={edu.degreeCertificateNo} extra={t('form.hint.degreeCertificateNo')}>
            <Input maxLength={50} />
          </Field>
        </>
      )}
    </RowList>
  );
}

/** Work history: optional; an empty end month means "until now". */
export function WorkFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { min, max } = FORM_LIMITS.rows.work;
  return (
    <RowList name="work" min={min} max={max} addLabel={t('form.rows.addWork')} rowTitle={(i) => t('form.rows.work', { row: i + 1 })}>
      {(row) => (
        <>
          <Field name={[row, 'fromMonth']} label={t('form.field.fromMonth')} schema={work.fromMonth} required extraRules={[pastMonthRule(() => t('form.field.fromMonth'))]}>
            <MonthField />
          </Field>
          <Field
            name={[row, 'toMonth']}
            label={t('form.field.toMonth')}
            schema={work.toMonth}
            extra={t('form.hint.untilNow')}
            dependencies={[['work', row, 'fromMonth']]}
            extraRules={[monthOrderRule(form, ['work', row, 'fromMonth'], () => t('form.field.toMonth'))]}
          >
            <MonthField emptyText={t('form.untilNow')} />
          </Field>
          <Field name={[row, 'employer']} label={t('form.field.employer')} schema={work.employer} required>
            <Input maxLength={100} />
          </Field>
          <Field name={[row, 'position']} label={t('form.field.position')} schema={work.position} required>
            <Input maxLength={50} />
          </Field>
        </>
      )}
    </RowList>
  );
}
