import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENGLISH_SCORE_RANGE, ENGLISH_TESTS, englishRowSchema, type EnglishTest } from '@gradus/contract/summer-camp/form';
import { Field } from '../Field';
import { MonthField } from '../MonthField';
import { RowList } from '../RowList';
import { crossFieldRule, pastMonthRule } from '../rules';

const rowSchema = englishRowSchema('complete');
const s = rowSchema.shape;

/** One test: its score's range and step follow the test chosen (IELTS in halves up to 9, CET up to 710). */
function EnglishRow({ row }: { row: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const test = Form.useWatch(['english', row, 'test'], form) as EnglishTest | undefined;
  const range = test ? ENGLISH_SCORE_RANGE[test] : undefined;
  const across = (field: string, label: () => string) => crossFieldRule(form, rowSchema, ['english', row], [field], label, range);
  return (
    <>
      <Field name={[row, 'test']} label={t('camp.field.englishTest')} schema={s.test} required>
        <Select options={ENGLISH_TESTS.map((k) => ({ value: k, label: t(`camp.englishTest.${k}`) }))} allowClear />
      </Field>
      {test === 'other' && (
        <Field name={[row, 'testName']} label={t('camp.field.testName')} schema={s.testName} required extraRules={[across('testName', () => t('camp.field.testName'))]}>
          <Input maxLength={50} />
        </Field>
      )}
      <Field
        name={[row, 'score']}
        label={t('camp.field.score')}
        schema={s.score}
        required
        limits={range}
        dependencies={[['english', row, 'test']]}
        extra={range ? t('camp.hint.scoreRange', range) : undefined}
        extraRules={[across('score', () => t('camp.field.score'))]}
      >
        <InputNumber min={0} step={range?.step ?? 1} style={{ width: '100%' }} />
      </Field>
      <Field name={[row, 'month']} label={t('camp.field.testMonth')} schema={s.month} required extraRules={[pastMonthRule(() => t('camp.field.testMonth'))]}>
        <MonthField />
      </Field>
    </>
  );
}

/** English tests taken: CET-4/6, IELTS, TOEFL or another named one; optional. The row limits are the area's. */
export function EnglishFields({ min, max }: { min: number; max: number }) {
  const { t } = useTranslation();
  return (
    <RowList name="english" min={min} max={max} addLabel={t('camp.rows.addEnglish')} rowTitle={(i) => t('camp.rows.english', { row: i + 1 })}>
      {(row) => <EnglishRow row={row} />}
    </RowList>
  );
}
