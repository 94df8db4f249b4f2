import type { ZodType } from 'zod';
import type { FormInstance, FormRule } from 'antd';
import { FORM_LIMITS, monthAt } from '@gradus/contract/doctor/form';
import { t } from '@/lib/i18n';

/** A contract problem key ('required', 'form.planLength') as a sentence naming the field. */
export function problemText(key: string, field: string, max?: number): string {
  const full = `validation.${key}`;
  const params = { field, min: FORM_LIMITS.planMin, max: max ?? FORM_LIMITS.planMax };
  const text = t(full, params);
  return text !== full ? text : t('validation.format', { field });
}

/**
 * Checks one field with the contract's complete-form schema, the one submission uses. Shown when
 * the applicant leaves the field and before submitting; drafts save regardless.
 */
export function fieldRule(schema: ZodType, label: () => string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (result.success) return;
      const issue = result.error.issues[0];
      throw new Error(problemText(issue?.message ?? 'format', label()));
    },
  };
}

/** The end month of a row must not precede its start month. */
export function monthOrderRule(form: FormInstance, fromPath: (string | number)[], label: () => string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const from = form.getFieldValue(fromPath) as string | undefined;
      if (typeof value === 'string' && value && from && value < from) throw new Error(problemText('form.monthOrder', label()));
    },
  };
}

/** A start or obtained month must not lie ahead (on the university's clock, as the server checks). */
export function pastMonthRule(label: () => string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value === 'string' && value > monthAt(Date.now())) throw new Error(problemText('form.futureMonth', label()));
    },
  };
}
