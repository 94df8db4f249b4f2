import type { Language } from '@gradus/contract';
import { type z, type ZodType } from 'zod';
import { catalogues, isMessageKey, translate, type MessageKey } from '../locales';
import { AppError } from './app-error';
import { ReplyCode } from '@gradus/contract';

/** Thrown for bad input; translated by the error handler in the caller's language. */
export class InputError extends AppError {
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super(ReplyCode.BAD_INPUT, 'validation.message');
  }
}

/** Validates a body against its contract schema; nothing is written before this passes. */
export function parseInput<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new InputError(result.error.issues);
  return result.data;
}

function problemKey(issue: z.core.$ZodIssue): MessageKey {
  const own = `validation.${issue.message}`;
  if (isMessageKey(own)) return own;
  switch (issue.code) {
    case 'invalid_type':
      return (issue as { input?: unknown }).input === undefined ? 'validation.required' : 'validation.invalidType';
    case 'too_small':
      return 'validation.tooShort';
    case 'too_big':
      return 'validation.tooLong';
    case 'invalid_value':
    case 'invalid_union':
      return 'validation.invalidChoice';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.format';
  }
}

const fieldName = (lang: Language, name: string): string => {
  const key = `field.${name}`;
  return isMessageKey(key) ? catalogues[lang][key] : name;
};

/**
 * A field inside a list or a map says where: "Score-sheet items, row 2, Maximum" (a list's row
 * counts from 1, the way people count), "Scores, research".
 */
function nestedFieldName(lang: Language, name: string, rest: readonly PropertyKey[]): string {
  const [first, second] = rest;
  if (typeof first === 'number') {
    const row = translate(lang, 'validation.row', { field: fieldName(lang, name), row: first + 1 });
    return typeof second === 'string' ? translate(lang, 'validation.inField', { field: row, part: fieldName(lang, second) }) : row;
  }
  if (typeof first === 'string') return translate(lang, 'validation.inField', { field: fieldName(lang, name), part: first });
  return fieldName(lang, name);
}

/** "Password: at least 8 characters; ID number: the last character (check digit) does not match" */
export function describeIssues(lang: Language, issues: readonly z.core.$ZodIssue[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of issues) {
    const name = String(issue.path[0] ?? (issue.code === 'unrecognized_keys' ? issue.keys[0] : 'body'));
    const where = issue.path.slice(1).join('.');
    if (seen.has(`${name}.${where}`)) continue;
    seen.add(`${name}.${where}`);
    const field = nestedFieldName(lang, name, issue.path.slice(1));
    parts.push(translate(lang, 'validation.message', { field, problem: translate(lang, problemKey(issue)) }));
    if (parts.length === 3) break;
  }
  return parts.join('; ');
}
