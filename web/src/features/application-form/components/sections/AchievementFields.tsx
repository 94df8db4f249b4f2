import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FOREIGN_LANGUAGES, FORM_LIMITS, languageRowSchema } from '@gradus/contract/doctor/form';
import { Field } from '@/lib/form/Field';
import { MonthField } from '@/lib/form/MonthField';
import { ResearchFields as SharedResearchFields } from '@/lib/form/ResearchFields';
import { RowList } from '@/lib/form/RowList';
import { pastMonthRule } from '@/lib/form/rules';

const language = languageRowSchema('complete').shape;

/** Research achievements: papers, projects, patents, awards; optional. */
export const ResearchFields = () => <SharedResearchFields {...FORM_LIMITS.rows.research} />;

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
