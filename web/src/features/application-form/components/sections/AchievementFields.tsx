import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FOREIGN_LANGUAGES, FORM_LIMITS, languageRowSchema, RESEARCH_KINDS, researchRowSchema } from '@gradus/contract/doctor/form';
import { pastMonthRule } from '../../rules';
import { Field } from '../Field';
import { MonthField } from '../MonthField';
import { RowList } from '../RowList';

const research = researchRowSchema('complete').shape;
const language = languageRowSchema('complete').shape;

/** Research achievements: papers, projects, patents, awards; optional. */
export function ResearchFields() {
  const { t } = useTranslation();
  const { min, max } = FORM_LIMITS.rows.research;
  return (
    <RowList name="research" min={min} max={max} addLabel={t('form.rows.addResearch')} rowTitle={(i) => t('form.rows.research', { row: i + 1 })}>
      {(row) => (
        <>
          <Field name={[row, 'kind']} label={t('form.field.kind')} schema={research.kind} required>
            <Select options={RESEARCH_KINDS.map((k) => ({ value: k, label: t(`form.researchKind.${k}`) }))} allowClear />
          </Field>
          <Field name={[row, 'title']} label={t('form.field.title')} schema={research.title} required>
            <Input maxLength={200} />
          </Field>
          <Field name={[row, 'detail']} label={t('form.field.detail')} schema={research.detail} wide extra={t('form.hint.researchDetail')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
          </Field>
        </>
      )}
    </RowList>
  );
}

/** Foreign-language qualifications: certificate or test, score and when obtained; optional. */
export function LanguageFields() {
  const { t } = useTranslation();
  const { min, max } = FORM_LIMITS.rows.languages;
  return (
    <RowList name="languages" min={min} max={max} addLabel={t('form.rows.addLanguage')} rowTitle={(i) => t('form.rows.language', { row: i + 1 })}>
      {(row) => (
        <>
          <Field name={[row, 'language']} label={t('form.field.language')} schema={language.language} required>
            <Select options={FOREIGN_LANGUAGES.map((l) => ({ value: l, label: t(`form.language.${l}`) }))} allowClear />
          </Field>
          <Field name={[row, 'certificateType']} label={t('form.field.certificateType')} schema={language.certificateType} required extra={t('form.hint.certificateType')}>
            <Input maxLength={50} />
          </Field>
          <Field name={[row, 'score']} label={t('form.field.score')} schema={language.score} required>
            <Input maxLength={20} />
          </Field>
          <Field name={[row, 'obtainedMonth']} label={t('form.field.obtainedMonth')} schema={language.obtainedMonth} required extraRules={[pastMonthRule(() => t('form.field.obtainedMonth'))]}>
            <MonthField />
          </Field>
        </>
      )}
    </RowList>
  );
}
