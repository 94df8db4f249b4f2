import { z } from 'zod';
import { idTypesFor, isHmtType, isMasterType, SEXES, ID_TYPES } from '../codes';
import { checkIdNumber, normalizeIdNumber } from '../validators/id-number';
import { EMAIL, hmtMobileOk, MAINLAND_MOBILE, normalizePersonName, PERSON_NAME } from '../validators/contact';
import { captchaFields, currentPasswordField, newPasswordField, registerTypeField, requiredText, typeError, V } from './common';

/** POST /api/v1/client/RandomImage */
export const captchaResponse = z.object({ uuid: z.string(), img: z.string() });
export type CaptchaResponse = z.infer<typeof captchaResponse>;

/** Traditional or Simplified characters, Latin letters; any middle dot typed is stored as '·'. */
const personName = requiredText(50).transform(normalizePersonName).pipe(z.string().regex(PERSON_NAME, { error: 'name.format' }));
const idNumberText = z.string({ error: typeError }).trim().min(1, { error: V.required }).max(30, { error: V.tooLong }).transform(normalizeIdNumber);
/** Registration numbers are digits; candidate numbers too. Kept short so lookups stay cheap. */
const applicantNumber = requiredText(20).regex(/^\d{6,20}$/, { error: 'number.format' });

/** POST /api/v1/client/recruitRegister */
export const registerRequest = z
  .object({
    userRegisterType: registerTypeField,
    name: personName,
    idType: z.enum(ID_TYPES, { error: V.invalidChoice }),
    idNumber: idNumberText,
    sex: z.enum(SEXES, { error: V.invalidChoice }),
    email: requiredText(254).regex(EMAIL, { error: 'email.format' }),
    // Stored without the spaces and hyphens people type inside a number ('+852 9123 4567').
    mobile: requiredText(20).transform((v) => v.replace(/[\s-]/g, '')),
    password: newPasswordField,
    securityQuestion: requiredText(100),
    securityAnswer: requiredText(100),
    ...captchaFields,
  })
  .superRefine((body, ctx) => {
    if (!idTypesFor(body.userRegisterType).includes(body.idType)) {
      ctx.addIssue({ code: 'custom', path: ['idType'], message: 'idType.notForRegisterType' });
      return;
    }
    const problem = checkIdNumber(body.idType, body.idNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: `idNumber.${problem}` });
    // Hong Kong, Macao and Taiwan applicants give their own number with its country code; no mainland-only rule for them.
    const hmt = isHmtType(body.userRegisterType);
    const mobileOk = hmt ? hmtMobileOk(body.mobile) : MAINLAND_MOBILE.test(body.mobile);
    if (!mobileOk) ctx.addIssue({ code: 'custom', path: ['mobile'], message: hmt ? 'mobile.hmtFormat' : 'mobile.format' });
  });
export type RegisterRequest = z.input<typeof registerRequest>;
export const registerResponse = z.object({ registerNo: z.string() }).or(z.object({ candidateNo: z.string() }));
export type RegisterResponse = z.infer<typeof registerResponse>;

/** POST /api/v1/client/loginRecruit: doctoral applicants by number, staff by login name. */
export const applicantLoginRequest = z.object({
  userRegisterType: registerTypeField.refine((t) => !isMasterType(t), { error: 'registerType.useMasterLogin' }),
  registerNo: applicantNumber,
  password: currentPasswordField,
  ...captchaFields,
});
export const staffLoginRequest = z.object({
  loginName: requiredText(64),
  password: currentPasswordField,
  ...captchaFields,
});
export const loginRecruitRequest = z.union([staffLoginRequest.strict(), applicantLoginRequest]);
export type ApplicantLoginRequest = z.input<typeof applicantLoginRequest>;
export type StaffLoginRequest = z.input<typeof staffLoginRequest>;

/** POST /api/v1/client/masterLogin: summer-camp and tuimian applicants also give their name. */
export const masterLoginRequest = z.object({
  userRegisterType: registerTypeField.refine((t) => isMasterType(t), { error: 'registerType.useDoctorLogin' }),
  candidateNo: applicantNumber,
  name: personName,
  password: currentPasswordField,
  ...captchaFields,
});
export type MasterLoginRequest = z.input<typeof masterLoginRequest>;
export const tokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponse>;

/** POST /api/v1/client/forgetPasswordSearch: finds the applicant's number and security question. */
export const forgetPasswordSearchRequest = z.object({
  userRegisterType: registerTypeField,
  name: personName,
  idNumber: idNumberText,
  ...captchaFields,
});
export type ForgetPasswordSearchRequest = z.input<typeof forgetPasswordSearchRequest>;
export const forgetPasswordSearchResponse = z.object({
  registerNo: z.string().optional(),
  candidateNo: z.string().optional(),
  securityQuestion: z.string(),
});
export type ForgetPasswordSearchResponse = z.infer<typeof forgetPasswordSearchResponse>;

/** POST /api/v1/client/resetByQuestion */
export const resetByQuestionRequest = z.object({
  userRegisterType: registerTypeField,
  number: applicantNumber,
  idNumber: idNumberText,
  securityAnswer: requiredText(100),
  newPassword: newPasswordField,
  ...captchaFields,
});
export type ResetByQuestionRequest = z.input<typeof resetByQuestionRequest>;

/** POST /api/v1/client/resetByEmail (multipart; the optional ID scan travels as the `file` part). */
export const resetByEmailRequest = z.object({
  userRegisterType: registerTypeField,
  number: applicantNumber,
  idNumber: idNumberText,
  email: requiredText(254).regex(EMAIL, { error: 'email.format' }),
});
export type ResetByEmailRequest = z.input<typeof resetByEmailRequest>;

/** POST /api/v1/client/resetByEmailConfirm: the /auth-redirect page sets the new password with the mailed token. */
export const resetByEmailConfirmRequest = z.object({
  token: requiredText(200),
  newPassword: newPasswordField,
});
export type ResetByEmailConfirmRequest = z.input<typeof resetByEmailConfirmRequest>;

/** POST /api/v1/client/changePasswd */
export const changePasswordRequest = z
  .object({ oldPassword: currentPasswordField, newPassword: newPasswordField })
  .refine((b) => b.oldPassword !== b.newPassword, { path: ['newPassword'], error: 'password.sameAsOld' });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;
