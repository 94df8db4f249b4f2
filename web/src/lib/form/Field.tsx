import type { ReactNode } from 'react';
import { Col, Form } from 'antd';
import type { ZodType } from 'zod';
import { fieldRule, type FieldLimits } from './rules';

interface Props {
  name: (string | number)[];
  label: string;
  schema: ZodType;
  required?: boolean;
  /** Full width on every screen (long texts); otherwise half width from 576px. */
  wide?: boolean;
  extra?: ReactNode;
  dependencies?: (string | number)[][];
  extraRules?: Parameters<typeof Form.Item>[0]['rules'];
  /** The bounds the field's messages name (a text's length, a number's range). */
  limits?: FieldLimits;
  children: ReactNode;
}

/**
 * One form field checked with the contract's complete-form schema when the applicant leaves it
 * (drafts save regardless): one column on a phone, two from 576px.
 */
export function Field({ name, label, schema, required, wide, extra, dependencies, extraRules = [], limits, children }: Props) {
  return (
    <Col xs={24} sm={wide ? 24 : 12}>
      <Form.Item name={name} label={label} required={required} extra={extra} dependencies={dependencies} validateTrigger="onBlur" rules={[fieldRule(schema, () => label, limits), ...extraRules]}>
        {children}
      </Form.Item>
    </Col>
  );
}
