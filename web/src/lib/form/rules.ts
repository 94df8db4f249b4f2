import { z, type ZodType } from 'zod';
import type { FormInstance, FormRule } from 'antd';
import { monthAt } from '@gradus/contract/forms/fields';
import { t } from '@/lib/i18n';

/** The bounds a message may name: a text's length ('form.planLength'), a number's range ('form.numberRange'). */
export interface FieldLimits {
  min?: number;
  max?: number;
}

/** A contract problem key ('required', 'form.planLength') as a sentence naming the field. */
export function problemText(key: string, field: string, limits: FieldLimits = {}): string {
  const full = `validation.${key}`;
  const text = t(full, { field, ...limits });
  return text !== full ? text : t('validation.format', { field });
}

/**
 * Checks one field with the contract's complete-form schema, the one submission uses. Shown when
 * the applicant leaves the field and before submitting; drafts save regardless.
 */
export function fieldRule(schema: ZodType, label: () => string, limits?: FieldLimits): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (result.success) return;
      const issue = result.error.issues[0];
      throw new Error(problemText(issue?.message ?? 'format', label(), limits));
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

/**
 * The schema with every field optional and a bad field read as empty, its own checks kept: zod runs
 * a section's cross-field checks only once every field parses, and a camper half-way through the
 * section must hear at once that rank 160 of 150 cannot be. The checks are written to skip what is
 * empty, so they judge exactly the fields that are there.
 */
function lenient(schema: ZodType): ZodType {
  // The checks were written for this very value shape; only their declared input type is lost here.
  const def = schema.def as { checks?: z.core.$ZodCheck<any>[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
  const checks = def.checks ?? [];
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(Object.entries(schema.shape as Record<string, ZodType>).map(([key, field]) => [key, lenient(field)]));
    return z.object(shape).check(...checks);
  }
  if (schema instanceof z.ZodArray) return z.array(lenient(schema.element as ZodType)).check(...checks);
  return schema.optional().catch(undefined);
}

/**
 * A rule between fields (rank within the cohort, graduation after entry), checked with the whole
 * section's complete-form schema so the page and the server judge alike: only the schema's own
 * cross-field problems at `field` are reported here (the field's own schema reports the rest).
 */
export function crossFieldRule(form: FormInstance, schema: ZodType, at: (string | number)[], field: (string | number)[], label: () => string, limits?: FieldLimits): FormRule {
  const relaxed = lenient(schema);
  return {
    validator: async () => {
      const result = relaxed.safeParse(form.getFieldValue(at) ?? {});
      if (result.success) return;
      const same = (path: readonly PropertyKey[]) => path.length === field.length && path.every((p, i) => p === field[i]);
      const issue = result.error.issues.find((i) => i.code === 'custom' && same(i.path));
      if (issue) throw new Error(problemText(issue.message, label(), limits));
    },
  };
}
