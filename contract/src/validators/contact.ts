/** Contact-detail formats shared by forms and server. */
export const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/;
/** Mainland mobile numbers; Hong Kong, Macao, Taiwan and abroad may prefix a country code. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
export const INTERNATIONAL_MOBILE = /^\+?\d{6,20}$/;
/** Names: Chinese characters, Latin letters (with accents), spaces, middle dot, apostrophe, hyphen. */
export const PERSON_NAME = /^[\p{Script=Han}\p{L}][\p{Script=Han}\p{L}\s·.'-]{0,49}$/u;

/**
 * A Hong Kong, Macao or Taiwan applicant's mobile, written with its country code (spaces and
 * hyphens allowed): +852 and eight digits from 4 to 9 (Hong Kong), +853 and eight digits from 6
 * (Macao), +886 and nine digits from 9 (Taiwan, the trunk 0 dropped), a mainland number with or
 * without +86, or any other country's number with its code (a passport holder abroad).
 */
export function hmtMobileOk(raw: string): boolean {
  const v = raw.trim();
  if (!/^\+?[\d\s-]+$/.test(v)) return false;
  const digits = v.replace(/[\s-]/g, '');
  if (MAINLAND_MOBILE.test(digits)) return true;
  if (!digits.startsWith('+')) return false;
  const n = digits.slice(1);
  if (n.startsWith('852')) return /^852[4-9]\d{7}$/.test(n);
  if (n.startsWith('853')) return /^8536\d{7}$/.test(n);
  if (n.startsWith('886')) return /^8869\d{8}$/.test(n);
  if (n.startsWith('86')) return /^861[3-9]\d{9}$/.test(n);
  return /^[1-9]\d{6,14}$/.test(n);
}

/** Middle dots people type in names (·, ‧, ・, ･) read as one: the interpunct of 阿布都·熱合曼. */
const MIDDLE_DOTS = /[\u2027\u30FB\uFF65\u2022]/g;
/** The name as stored and compared at sign-in: trimmed, its middle dot the interpunct U+00B7. */
export const normalizePersonName = (raw: string): string => raw.trim().replace(MIDDLE_DOTS, '\u00B7');
