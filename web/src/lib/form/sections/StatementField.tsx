import { Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMP_FORM_LIMITS, statementSchema } from '@gradus/contract/summer-camp/form';
import { Field } from '../Field';

// The statement schema's own bounds (the camp's and the tuimian form's statement alike).
const limits = { min: CAMP_FORM_LIMITS.statementMin, max: CAMP_FORM_LIMITS.statementMax };
const text = statementSchema('complete').shape.text;

/** The personal statement, counted live as the server counts it (trimmed), against its minimum and maximum. */
export function StatementField() {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Field name={['statement', 'text']} label={t('camp.field.statement')} schema={text} required wide limits={limits}>
        <Input.TextArea
          autoSize={{ minRows: 8, maxRows: 24 }}
          maxLength={limits.max}
          showCount={{ formatter: ({ value }) => t('camp.statement.count', { count: value.trim().length, ...limits }) }}
        />
      </Field>
    </Row>
  );
}
