import type { ZodType } from 'zod';
import { t } from './i18n';

/** Translates a contract validation key (e.g. `idNumber.checksum`) with the field's label. */
export function validationMessage(key: string, field: string): string {
  const full = `validation.${key}`;
  return t(full, { field }) !== full ? t(full, { field }) : t('validation.format', { field });
}

/**
 * An antd Form rule that checks one field with a contract schema and shows the translated issue.
 * The schema may be given lazily (`() => import(...)`) so light screens do not download zod up front.
 */
export function schemaRule(schema: ZodType | (() => Promise<ZodType>), label: () => string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const resolved = typeof schema === 'function' ? await schema() : schema;
      const result = resolved.safeParse(value ?? '');
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new Error(validationMessage(issue?.message ?? 'format', label()));
      }
    },
  };
}

/** Checks one value with a (lazily loaded) contract schema; the translated message or null. */
export async function fieldError(schema: ZodType | (() => Promise<ZodType>), value: unknown, label: string): Promise<string | null> {
  const resolved = typeof schema === 'function' ? await schema() : schema;
  const result = resolved.safeParse(value ?? '');
  return result.success ? null : validationMessage(result.error.issues[0]?.message ?? 'format', label);
}

/** A rule from a contract validator that returns a problem name or null. */
export function checkRule(check: (value: string) => string | null, prefix: string, label: () => string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const problem = check(typeof value === 'string' ? value : '');
      if (problem) throw new Error(validationMessage(problem === 'required' ? 'required' : `${prefix}.${problem}`, label()));
    },
  };
}

/**
 * A repeated password: the same text as the field it repeats ('The two passwords differ'). An
 * antd rule function, so it reads the other field as it is now; list `field` in the item's
 * `dependencies` so the check runs again when that field changes.
 */
export function sameAsRule(field: string) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if (value !== getFieldValue(field)) throw new Error(t('validation.passwordMismatch'));
    },
  });
}

/**
 * A datetime-local field that must come after another one of the form (an exam's end, a window's
 * close): both are wall-clock texts of one zone, YYYY-MM-DDTHH:mm, so they compare as text.
 * Either empty passes: `required` says so on its own.
 */
export function afterRule(field: string, message: string) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const start = getFieldValue(field);
      if (typeof value === 'string' && value && typeof start === 'string' && start && value <= start) throw new Error(message);
    },
  });
}

export interface FieldIssue {
  name: string;
  errors: string[];
}

/** Maps a full schema's issues onto form fields (first issue per field). */
export function issuesToFields(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  labels: Record<string, string>,
): FieldIssue[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '');
    if (!seen.has(name)) seen.set(name, validationMessage(issue.message, labels[name] ?? name));
  }
  return [...seen].map(([name, error]) => ({ name, errors: [error] }));
}
