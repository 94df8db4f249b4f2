import { ReplyCode, type Language } from '@gradus/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { isMessageKey, translate, type MessageKey } from '../../locales';
import type { FormLabels } from './definition';

export type FormIssue = Pick<z.core.$ZodIssue, 'path' | 'message' | 'code'> & { keys?: string[] };

/** Where a form's problems are: its sections, and how each names itself. */
export interface IssueContext {
  sections: readonly string[];
  labels: FormLabels;
}

function label(lang: Language, keys: readonly string[], fallback: string): string {
  const key = keys.find(isMessageKey);
  return key ? translate(lang, key) : fallback;
}

function problem(lang: Language, issue: FormIssue, section: string | null, labels: FormLabels): string {
  const own = `validation.${issue.message}`;
  let key: MessageKey;
  if (isMessageKey(own)) key = own;
  else if (issue.code === 'invalid_type') key = 'validation.invalidType';
  else if (issue.code === 'too_big') key = 'validation.tooLong';
  else if (issue.code === 'too_small') key = 'validation.tooShort';
  else if (issue.code === 'invalid_value') key = 'validation.invalidChoice';
  else if (issue.code === 'unrecognized_keys') key = 'validation.unknownField';
  else key = 'validation.format';
  return translate(lang, key, labels.bounds(section));
}

/**
 * "Education history, row 2 – School: required; Research plan summary – Summary: must have 200 to
 * 3000 characters", in the caller's language, naming at most `limit` problems. Paths are the
 * form's own (section, row, field); a leading 'sections' of the saveDraft body is dropped.
 */
export function describeFormIssues(lang: Language, form: IssueContext, issues: readonly FormIssue[], limit = 3): string {
  const { labels } = form;
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of issues) {
    const path = issue.path[0] === 'sections' && (issue.path.length > 1 || issue.code === 'unrecognized_keys') ? issue.path.slice(1) : [...issue.path];
    const where = path.join('.') + (issue.code === 'unrecognized_keys' ? `+${issue.keys?.join(',')}` : '');
    if (seen.has(where)) continue;
    seen.add(where);
    const [first, second, third] = path;
    const section = typeof first === 'string' && form.sections.includes(first) ? first : null;
    const sectionName = section ? label(lang, [labels.section(section)], section) : '';
    const what = problem(lang, issue, section, labels);
    const field = (name: string) => label(lang, labels.field(name), name);
    if (!section) {
      const name = issue.code === 'unrecognized_keys' ? (issue.keys?.[0] ?? '') : String(first ?? 'body');
      parts.push(translate(lang, 'validation.message', { field: field(name), problem: what }));
    } else if (path.length === 1) {
      const extra = issue.code === 'unrecognized_keys' ? ` (${issue.keys?.join(', ')})` : '';
      parts.push(translate(lang, 'form.issue.section', { section: sectionName, problem: what + extra }));
    } else if (typeof second === 'number') {
      const row = second + 1;
      if (third === undefined) parts.push(translate(lang, 'form.issue.row', { section: sectionName, row, problem: what }));
      else parts.push(translate(lang, 'form.issue.rowField', { section: sectionName, row, field: field(String(third)), problem: what }));
    } else {
      parts.push(translate(lang, 'form.issue.field', { section: sectionName, field: field(String(second)), problem: what }));
    }
  }
  const shown = parts.slice(0, limit);
  const more = parts.length - shown.length;
  return shown.join('; ') + (more > 0 ? ` ${translate(lang, 'form.issue.more', { count: more })}` : '');
}

/**
 * A bad form: translated where it is thrown, because the problems are listed inside the message
 * ('Not saved: ...' / 'Cannot submit yet: ...'), which the generic input error cannot do.
 */
export function formInvalid(lang: Language, form: IssueContext, key: MessageKey, issues: readonly FormIssue[]): AppError {
  return new AppError(ReplyCode.BAD_INPUT, key, { problems: describeFormIssues(lang, form, issues) });
}
