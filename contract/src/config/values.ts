/** Building blocks of the configuration registry (registry.ts): how a key's value is checked. */
import { z } from 'zod';
import type { SystemType } from '../codes';
import { V } from '../api/common';
import { parseAmountToCents } from '../doctor/payment';

/** How the editor draws a value. */
export const CONFIG_VALUE_KINDS = ['text', 'longText', 'amount', 'integer', 'dateTime', 'json', 'html', 'secret', 'year'] as const;
export type ConfigValueKind = (typeof CONFIG_VALUE_KINDS)[number];

export const CONFIG_EDITING = ['here', 'notes', 'cycle', 'recruitYear', 'unknown'] as const;
export type ConfigEditing = (typeof CONFIG_EDITING)[number];

/** A value may not be longer than this, whatever the key (a long material list fits). */
export const CONFIG_VALUE_MAX = 20_000;

export interface ConfigKeyDef {
  key: string;
  areas: readonly SystemType[];
  kind: ConfigValueKind;
  editing: Exclude<ConfigEditing, 'unknown'>;
  /**
   * Checks the value as typed and gives what is stored (e.g. JSON laid out the same way every
   * time). Only for keys edited here.
   */
  value?: z.ZodType<string, string>;
  /** The value is a bound of a range: it must not pass the key named (read with its fallback). */
  atMost?: string;
  atLeast?: string;
  /** What the portal uses while the key is unset, for the editor to say and for range checks. */
  fallback?: string;
}

/** Text that may be left empty: the portal then uses its own default. */
export const optionalText = (max: number) => z.string({ error: V.invalidType }).trim().max(max, { error: V.tooLong });
export const requiredConfigText = (max: number) => optionalText(max).min(1, { error: V.required });

/** An instant with its offset, as every window and deadline is kept: '2027-03-01T09:00:00+08:00'. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
export const configDateTime = z
  .string({ error: V.invalidType })
  .trim()
  .refine((v) => ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v)), { error: 'config.dateTime' });
/** A deadline that may be left unset. */
export const optionalDateTime = z
  .string({ error: V.invalidType })
  .trim()
  .refine((v) => v === '' || (ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v))), { error: 'config.dateTime' });

/** A whole number in a range, typed as text. */
export const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: V.invalidType })
    .trim()
    .refine((v) => /^\d{1,9}$/.test(v) && Number(v) >= min && Number(v) <= max, { error: message })
    .transform((v) => String(Number(v)));

/** A fee: positive, at most two decimals, shown with two ('200' is kept as '200.00'). */
export const feeAmount = z
  .string({ error: V.invalidType })
  .trim()
  .refine((v) => (parseAmountToCents(v) ?? 0) > 0, { error: 'config.amount' })
  .transform((v) => {
    const cents = parseAmountToCents(v) ?? 0;
    return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  });

/** A JSON value checked with a schema; stored laid out with two spaces, so its history reads line by line. */
export function jsonValue<T>(schema: z.ZodType<T>): z.ZodType<string, string> {
  return z
    .string({ error: V.invalidType })
    .transform((text, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'config.json' });
        return z.NEVER;
      }
      const result = schema.safeParse(parsed);
      if (!result.success) {
        for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: problemOf(issue), path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)) });
        return z.NEVER;
      }
      return JSON.stringify(result.data, null, 2);
    }) as unknown as z.ZodType<string, string>;
}


const OWN_KEYS = new Set<string>(Object.values(V));
/** A nested issue keeps its own message key (config.*, required...); zod's built-in English says what went wrong by its code. */
function problemOf(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('config.') || OWN_KEYS.has(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return (issue as { input?: unknown }).input === undefined ? V.required : V.invalidType;
    case 'too_small':
      return V.tooShort;
    case 'too_big':
      return V.tooLong;
    case 'invalid_value':
      return V.invalidChoice;
    case 'unrecognized_keys':
      return 'config.unknownProperty';
    default:
      return V.format;
  }
}
