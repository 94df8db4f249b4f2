import { z } from 'zod';
import { PASSWORD_MAX, REGISTER_TYPES } from '../codes';
import { checkPassword } from '../validators/password';

/**
 * Building blocks for request schemas. Every message is an i18n key under `validation.`;
 * the server and the web translate it with the field's label, so a person reads e.g.
 * "Password: at least 8 characters" in their language.
 */
export const V = {
  required: 'required',
  tooLong: 'tooLong',
  tooShort: 'tooShort',
  format: 'format',
  invalidChoice: 'invalidChoice',
  invalidType: 'invalidType',
} as const;

/** A missing field is 'required'; a field of the wrong type (a number for a name) says so. */
export const typeError = (issue: { input?: unknown }): string => (issue.input === undefined || issue.input === null ? V.required : V.invalidType);

/** A value from a fixed list: missing is 'required', anything else off the list 'invalidChoice'. */
export const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidChoice) });

export const requiredText = (max: number) =>
  z
    .string({ error: typeError })
    .trim()
    .min(1, { error: V.required })
    .max(max, { error: V.tooLong });

/** Multipart forms send numbers as text: '3' is read as 3, an empty value as missing. */
export const registerTypeField = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: typeError })
    .int({ error: V.invalidChoice })
    .refine((n) => (REGISTER_TYPES as readonly number[]).includes(n), { error: V.invalidChoice }),
);

/** A new password: length bounds and the common-password list. */
export const newPasswordField = z
  .string({ error: typeError })
  .max(PASSWORD_MAX, { error: 'password.tooLong' })
  .superRefine((pw, ctx) => {
    const problem = checkPassword(pw);
    if (problem) ctx.addIssue({ code: 'custom', message: `password.${problem}` });
  });

/** An existing password is only checked for presence and an upper bound (no hashing of megabytes). */
export const currentPasswordField = z
  .string({ error: typeError })
  .min(1, { error: V.required })
  .max(PASSWORD_MAX, { error: 'password.tooLong' });

export const captchaFields = {
  code: requiredText(10),
  uuid: z.string({ error: typeError }).uuid({ error: 'captcha.expired' }),
};

export const emptyBody = z.object({}).strict().or(z.undefined()).or(z.null());
