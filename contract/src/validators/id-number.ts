/**
 * Identity-document validation shared by the registration form and the server (spec section 5).
 * Each failure names its reason so both sides can say exactly what is wrong, in any language.
 */
import { IdType } from '../codes';

/** `hmtLength` and `hmtArea`: a residence permit's own wording of `length` and `province`. */
export type IdNumberProblem = 'required' | 'length' | 'format' | 'province' | 'birthDate' | 'checksum' | 'hmtLength' | 'hmtArea';

const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64,
  65, 71, 81, 82, 91,
]);
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'];

/** Upper-cases a trailing x and drops surrounding spaces; what the server stores. */
export function normalizeIdNumber(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Checks a mainland resident ID number; returns the first problem or null. */
export function checkMainlandId(raw: string, today: Date = new Date()): IdNumberProblem | null {
  const id = normalizeIdNumber(raw);
  if (id.length === 0) return 'required';
  if (id.length !== 18) return 'length';
  if (!/^[1-9]\d{5}(19|20)\d{2}\d{2}\d{2}\d{3}[\dX]$/.test(id)) return 'format';
  if (!PROVINCES.has(Number(id.slice(0, 2)))) return 'province';
  return birthAndCheckDigit(id, today);
}

/**
 * The residence permit of a Hong Kong, Macao or Taiwan resident: built like the mainland ID card
 * (birth date, sequence, the same check digit) on the area codes 810000, 820000 or 830000.
 */
export function checkHmtResidencePermit(raw: string, today: Date = new Date()): IdNumberProblem | null {
  const id = normalizeIdNumber(raw);
  if (id.length === 0) return 'required';
  if (id.length !== 18) return 'hmtLength';
  if (!/^\d{6}(19|20)\d{9}[\dX]$/.test(id)) return 'format';
  if (!HMT_RESIDENCE_AREAS.has(id.slice(0, 6))) return 'hmtArea';
  return birthAndCheckDigit(id, today);
}

/** The birth date (digits 7-14) and the check digit of an 18-character number already in format. */
function birthAndCheckDigit(id: string, today: Date): IdNumberProblem | null {
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  // A real calendar date (no 30 February), not in the future.
  if (
    month < 1 ||
    month > 12 ||
    birth.getUTCFullYear() !== year ||
    birth.getUTCMonth() !== month - 1 ||
    birth.getUTCDate() !== day ||
    birth.getTime() > today.getTime()
  ) {
    return 'birthDate';
  }
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * (WEIGHTS[i] ?? 0);
  if (CHECK_CHARS[sum % 11] !== id[17]) return 'checksum';
  return null;
}

/** Mainland Travel Permit for Hong Kong and Macao residents: H or M and 8 digits (older cards 10). */
const HK_MACAO_PERMIT = /^[HM]\d{8}(\d{2})?$/;
/** Mainland Travel Permit for Taiwan residents (台胞证): 8 digits, the card issued since 2015. */
const TAIWAN_PERMIT = /^\d{8}$/;
/** The residence permit's first six digits: Hong Kong, Macao, Taiwan (GB/T 2260 codes 81, 82, 83). */
const HMT_RESIDENCE_AREAS = new Set(['810000', '820000', '830000']);
/** Passports vary by country; letters and digits, 5 to 20. */
const PASSPORT = /^[A-Z0-9]{5,20}$/;

export function checkIdNumber(idType: string, raw: string, today: Date = new Date()): IdNumberProblem | null {
  const id = normalizeIdNumber(raw);
  if (id.length === 0) return 'required';
  switch (idType) {
    case IdType.MAINLAND_ID:
      return checkMainlandId(id, today);
    case IdType.HK_MACAO_PERMIT:
      return HK_MACAO_PERMIT.test(id) ? null : 'format';
    case IdType.TAIWAN_PERMIT:
      return TAIWAN_PERMIT.test(id) ? null : 'format';
    case IdType.PASSPORT:
      return PASSPORT.test(id) ? null : 'format';
    case IdType.HMT_RESIDENCE_PERMIT:
      return checkHmtResidencePermit(id, today);
    default:
      return 'format';
  }
}

/** Shows the first 3 and last 4 characters: enough for a person to recognise their own number. */
export function maskIdNumber(id: string): string {
  if (id.length <= 7) return '*'.repeat(id.length);
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}

/** The sex encoded in a mainland ID (17th digit odd = male), RuoYi codes '0' male, '1' female. */
export function sexFromMainlandId(id: string): '0' | '1' | null {
  const d = Number(id[16]);
  return Number.isNaN(d) ? null : d % 2 === 1 ? '0' : '1';
}
