import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AWARD_LEVELS, awardRowSchema } from '@gradus/contract/summer-camp/form';
import { Field } from '../Field';
import { MonthField } from '../MonthField';
import { RowList } from '../RowList';
import { pastMonthRule } from '../rules';

const s = awardRowSchema('complete').shape;

/** Awards and honours, with their level and month; optional. The row limits are the area's. */
export function AwardFields({ min, max }: { min: number; max: number }) {
  const { t } = useTranslation();
  return (
    <RowList name="awards" min={min} max={max} addLabel={t('camp.rows.addAward')} rowTitle={(i) => t('camp.rows.award', { row: i + 1 })}>
      {(row) => (
        <>
          <Field name={[row, 'name']} label={t('camp.field.awardName')} schema={s.name} required wide>
            <Input maxLength={200} />
          </Field>
          <Field name={[row, 'level']} label={t('camp.field.awardLevel')} schema={s.level} required>
            <Select options={AWARD_LEVELS.map((k) => ({ value: k, label: t(`camp.awardLevel.${k}`) }))} allowClear />
          </Field>
          <Field name={[row, 'month']} label={t('camp.field.awardMonth')} schema={s.month} required extraRules={[pastMonthRule(() => t('camp.field.awardMonth'))]}>
            <MonthField />
          </Field>
        </>
      )}
    </RowList>
  );
}
