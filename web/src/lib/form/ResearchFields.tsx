import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESEARCH_KINDS, researchRowSchema } from '@gradus/contract/doctor/form';
import { Field } from './Field';
import { RowList } from './RowList';

const research = researchRowSchema('complete').shape;

/** Research achievements: papers, projects, patents, awards; optional. The same rows in every area's form. */
export function ResearchFields({ min, max }: { min: number; max: number }) {
  const { t } = useTranslation();
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
