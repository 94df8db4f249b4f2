/**
 * The doctoral journey's configuration keys (system_type 'doctor'), registered with the
 * configuration editor (config/registry.ts): material categories, the ID photo's rules and what the
 * file-transfer letter prints.
 */
import { z } from 'zod';
import { jsonValue, optionalDateTime, optionalText, wholeNumber, type ConfigKeyDef } from '../config/values';
import { DEFAULT_PHOTO_RULES, ID_PHOTO_CATEGORY, MATERIAL_CATEGORIES_KEY, MATERIAL_MAX_KB, PHOTO_RULE_KEYS, materialCategory } from './materials';

/** The portal's list must hold the photo (the photo review reads it) and name each category once. */
export const materialCategoryList = z
  .array(materialCategory, { error: 'config.categories' })
  .min(1, { error: 'config.noCategories' })
  .max(30, { error: 'tooLong' })
  .refine((list) => new Set(list.map((c) => c.key)).size === list.length, { error: 'config.duplicateCategory' })
  .refine((list) => list.some((c) => c.key === ID_PHOTO_CATEGORY), { error: 'config.photoCategoryMissing' });

/** A side of the photo in pixels (the upload check's own bounds). */
const pixels = wholeNumber(1, 100_000, 'config.pixels');

const AREAS = ['doctor'] as const;

/** What the file-transfer letter prints (server doctor/admission/letter.ts reads these). */
export const ADMISSION_LETTER_KEYS = {
  university: 'admission.universityName',
  office: 'admission.receivingOffice',
  officeEn: 'admission.receivingOfficeEn',
  address: 'admission.receivingAddress',
  deadline: 'admission.fileTransferDeadline',
} as const;

export const DOCTOR_CONFIG_KEYS: readonly ConfigKeyDef[] = [
  { key: MATERIAL_CATEGORIES_KEY, areas: AREAS, kind: 'json', editing: 'here', value: jsonValue(materialCategoryList) },
  { key: PHOTO_RULE_KEYS.minWidth, areas: AREAS, kind: 'integer', editing: 'here', value: pixels, atMost: PHOTO_RULE_KEYS.maxWidth, fallback: String(DEFAULT_PHOTO_RULES.minWidth) },
  { key: PHOTO_RULE_KEYS.maxWidth, areas: AREAS, kind: 'integer', editing: 'here', value: pixels, atLeast: PHOTO_RULE_KEYS.minWidth, fallback: String(DEFAULT_PHOTO_RULES.maxWidth) },
  { key: PHOTO_RULE_KEYS.minHeight, areas: AREAS, kind: 'integer', editing: 'here', value: pixels, atMost: PHOTO_RULE_KEYS.maxHeight, fallback: String(DEFAULT_PHOTO_RULES.minHeight) },
  { key: PHOTO_RULE_KEYS.maxHeight, areas: AREAS, kind: 'integer', editing: 'here', value: pixels, atLeast: PHOTO_RULE_KEYS.minHeight, fallback: String(DEFAULT_PHOTO_RULES.maxHeight) },
  { key: PHOTO_RULE_KEYS.maxKb, areas: AREAS, kind: 'integer', editing: 'here', value: wholeNumber(1, MATERIAL_MAX_KB, 'config.kilobytes'), fallback: String(DEFAULT_PHOTO_RULES.maxKb) },
  // The file-transfer letter (admission/letter.ts): an empty value prints the portal's default.
  { key: ADMISSION_LETTER_KEYS.university, areas: AREAS, kind: 'text', editing: 'here', value: optionalText(100) },
  { key: ADMISSION_LETTER_KEYS.office, areas: AREAS, kind: 'text', editing: 'here', value: optionalText(100) },
  { key: ADMISSION_LETTER_KEYS.officeEn, areas: AREAS, kind: 'text', editing: 'here', value: optionalText(200) },
  { key: ADMISSION_LETTER_KEYS.address, areas: AREAS, kind: 'longText', editing: 'here', value: optionalText(300) },
  { key: ADMISSION_LETTER_KEYS.deadline, areas: AREAS, kind: 'dateTime', editing: 'here', value: optionalDateTime },
];
