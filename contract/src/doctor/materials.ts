import { z } from 'zod';

/**
 * Material categories of the doctor area, held as JSON in its system configuration
 * (`materials.categories`) so the graduate school edits them without a release. `phase`
 * 'application' belongs to the form (fileManage, locked at submission); 'supplementary' is
 * uploaded after submission (fileManage2). `template` names a public file under /zsData/download/.
 */
export const MATERIAL_TYPES = ['pdf', 'jpg', 'png'] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];

/**
 * The largest file any category may allow (materialCategory.maxKb), and so the photo too: the
 * upload route caps the body just above it, so the category's own size message always speaks first.
 */
export const MATERIAL_MAX_KB = 20 * 1024;

export const materialCategory = z
  .object({
    key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,39}$/),
    required: z.boolean(),
    types: z.array(z.enum(MATERIAL_TYPES)).min(1),
    maxKb: z.number().int().positive().max(MATERIAL_MAX_KB),
    /**
     * How many files the category holds. With 1 (the photo) a new upload replaces the file; with more,
     * an upload beyond the limit is refused until the applicant deletes or replaces one.
     */
    maxFiles: z.number().int().min(1).max(10),
    /**
     * How many files a required category needs before it counts as done (two referee letters);
     * absent, one. Never above maxFiles, or the category could never be completed.
     */
    minFiles: z.number().int().min(1).max(10).optional(),
    phase: z.enum(['application', 'supplementary']),
    template: z.string().startsWith('/zsData/download/').nullable(),
  })
  .refine((c) => c.minFiles === undefined || c.minFiles <= c.maxFiles, { error: 'config.minFilesAboveMax', path: ['minFiles'] });
export type MaterialCategory = z.infer<typeof materialCategory>;

/** The ID photo is a category with its own rules (config keys `photo.*`). */
export const ID_PHOTO_CATEGORY = 'idPhoto';
export const PHOTO_RULE_KEYS = { minWidth: 'photo.minWidth', minHeight: 'photo.minHeight', maxWidth: 'photo.maxWidth', maxHeight: 'photo.maxHeight', maxKb: 'photo.maxKb' } as const;
export const DEFAULT_PHOTO_RULES = { minWidth: 295, minHeight: 413, maxWidth: 1200, maxHeight: 1600, maxKb: 500 } as const;
export type PhotoRules = { -readonly [K in keyof typeof DEFAULT_PHOTO_RULES]: number };
const PHOTO_RULE_MAX: PhotoRules = { minWidth: 100_000, minHeight: 100_000, maxWidth: 100_000, maxHeight: 100_000, maxKb: MATERIAL_MAX_KB };

/**
 * The photo rules from the configuration values (`photo.*`); a missing or unreadable value, or a
 * range that contradicts itself, falls back to the default so an editing slip cannot lock every
 * applicant out of uploading a photo.
 */
export function parsePhotoRules(valueOf: (key: string) => string | undefined): PhotoRules {
  const rules: PhotoRules = { ...DEFAULT_PHOTO_RULES };
  for (const name of Object.keys(PHOTO_RULE_KEYS) as Array<keyof PhotoRules>) {
    const raw = valueOf(PHOTO_RULE_KEYS[name]);
    const n = raw === undefined ? NaN : Number(raw);
    if (Number.isInteger(n) && n > 0 && n <= PHOTO_RULE_MAX[name]) rules[name] = n;
  }
  if (rules.minWidth > rules.maxWidth) [rules.minWidth, rules.maxWidth] = [DEFAULT_PHOTO_RULES.minWidth, DEFAULT_PHOTO_RULES.maxWidth];
  if (rules.minHeight > rules.maxHeight) [rules.minHeight, rules.maxHeight] = [DEFAULT_PHOTO_RULES.minHeight, DEFAULT_PHOTO_RULES.maxHeight];
  return rules;
}

export const MATERIAL_CATEGORIES_KEY = 'materials.categories';
/**
 * Used when the configuration holds no (readable) categories, which is the case until the back
 * office writes some: nothing seeds this key. A template named here must exist in every
 * deployment, so the reference data writes it at start (server db/seed/reference.ts).
 */
export const DEFAULT_MATERIAL_CATEGORIES: readonly MaterialCategory[] = [
  { key: ID_PHOTO_CATEGORY, required: true, types: ['jpg'], maxKb: DEFAULT_PHOTO_RULES.maxKb, maxFiles: 1, phase: 'application', template: null },
  { key: 'idDocument', required: true, types: ['pdf', 'jpg', 'png'], maxKb: 5 * 1024, maxFiles: 2, phase: 'application', template: null },
  { key: 'degreeCertificate', required: true, types: ['pdf', 'jpg', 'png'], maxKb: 5 * 1024, maxFiles: 3, phase: 'application', template: null },
  { key: 'transcript', required: true, types: ['pdf'], maxKb: 10 * 1024, maxFiles: 2, phase: 'application', template: null },
  { key: 'researchProposal', required: true, types: ['pdf'], maxKb: 10 * 1024, maxFiles: 1, phase: 'application', template: null },
  {
    key: 'expertRecommendation',
    required: true,
    types: ['pdf'],
    maxKb: 5 * 1024,
    maxFiles: 2,
    phase: 'application',
    template: '/zsData/download/expert-recommendation-template.pdf',
  },
  { key: 'languageCertificate', required: false, types: ['pdf', 'jpg', 'png'], maxKb: 5 * 1024, maxFiles: 2, phase: 'application', template: null },
  { key: 'publications', required: false, types: ['pdf'], maxKb: 20 * 1024, maxFiles: 5, phase: 'application', template: null },
  { key: 'supplementary', required: false, types: ['pdf', 'jpg', 'png'], maxKb: 10 * 1024, maxFiles: 5, phase: 'supplementary', template: null },
];

/** Files a category needs to count as done. */
export const minFilesOf = (category: Pick<MaterialCategory, 'minFiles'>): number => category.minFiles ?? 1;

/** An area's categories from its configuration; missing or unreadable, the area's defaults. */
export function parseMaterialCategories(json: string | undefined, fallback: readonly MaterialCategory[] = DEFAULT_MATERIAL_CATEGORIES): readonly MaterialCategory[] {
  if (!json) return fallback;
  try {
    const parsed = z.array(materialCategory).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}
