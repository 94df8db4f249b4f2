import { Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMP_FORM_LIMITS, campCompleteSectionSchemas } from '@gradus/contract/summer-camp/form';
import { Field } from '@/lib/form/Field';

const limits = { min: CAMP_FORM_LIMITS.statementMin, max: CAMP_FORM_LIMITS.statementMax };

/** The personal statement, counted live as the server counts it (trimmed), against its minimum and maximum. */
export function StatementField() {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Field name={['statement', 'text']} label={t('camp.field.statement')} schema={campCompleteSectionSchemas.statement.shape.text} required wide limits={limits}>
        <Input.TextArea
          autoSize={{ minRows: 8, maxRows: 24 }}
          maxLength={limits.max}
          showCount={{ formatter: ({ value }) => t('camp.statement.count', { count: value.trim().length, ...limits }) }}
        />
      </Field>
    </Row>
  );
}
