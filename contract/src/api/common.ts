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
} as const;

export const requiredText = (max: number) =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(max, { error: V.tooLong });

export const registerTypeField = z.coerce
  .number({ error: V.required })
  .int({ error: V.invalidChoice })
  .refine((n) => (REGISTER_TYPES as readonly number[]).includes(n), { error: V.invalidChoice });

/** A new password: length bounds and the common-password list. */
export const newPasswordField = z
  .string({ error: V.required })
  .max(PASSWORD_MAX, { error: 'password.tooLong' })
  .superRefine((pw, ctx) => {
    const problem = checkPassword(pw);
    if (problem) ctx.addIssue({ code: 'custom', message: `password.${problem}` });
  });

/** An existing password is only checked for presence and an upper bound (no hashing of megabytes). */
export const currentPasswordField = z
  .string({ error: V.required })
  .min(1, { error: V.required })
  .max(PASSWORD_MAX, { error: 'password.tooLong' });

export const captchaFields = {
  code: requiredText(10),
  uuid: z.string({ error: V.required }).uuid({ error: 'captcha.expired' }),
};

export const emptyBody = z.object({}).strict().or(z.undefined()).or(z.null());
