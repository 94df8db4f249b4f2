import { Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { completeSectionSchemas, FORM_LIMITS } from '@gradus/contract/doctor/form';
import { Field } from '@/lib/form/Field';

/** The research plan summary, 200 to 3000 characters, counted as the server counts them. */
export function PlanField() {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Field
        name={['plan', 'summary']}
        label={t('form.field.summary')}
        schema={completeSectionSchemas.plan.shape.summary}
        required
        wide
        limits={{ min: FORM_LIMITS.planMin, max: FORM_LIMITS.planMax }}
        extra={t('form.hint.plan', { min: FORM_LIMITS.planMin, max: FORM_LIMITS.planMax })}
      >
        <Input.TextArea autoSize={{ minRows: 8, maxRows: 24 }} showCount maxLength={FORM_LIMITS.planMax} />
      </Field>
    </Row>
  );
}
