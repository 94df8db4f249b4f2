import { TMS_AREA } from '../areas';
import { jsonValue, type ConfigKeyDef } from '../config/values';
import { DOCTOR_CONFIG_KEYS, materialCategoryList } from '../doctor/config-keys';
import { MATERIAL_CATEGORIES_KEY, type MaterialCategory } from '../doctor/materials';

/** The integrity pledge every recommended-exempt applicant signs; the reference data serves it (server db/seed/reference.ts). */
export const TMS_PLEDGE_TEMPLATE = '/zsData/download/tms-integrity-pledge-template.pdf';

/**
 * The recommended-exempt applicant's electronic materials (issue #11, menu tmsUploadFile): the
 * doctoral materials' categories and calls (POST /mucgrs-service/tms/materials/<call>, the same
 * requests and views), application phase only, locked when the form is submitted. The office edits
 * them in the tms area's configuration (`materials.categories`); until it does, this list applies.
 */
export const DEFAULT_TMS_MATERIAL_CATEGORIES: readonly MaterialCategory[] = [
  // The university's certificate of the recommendation; a pending one is uploaded once granted.
  { key: 'recommendationCertificate', required: true, types: ['pdf', 'jpg', 'png'], maxKb: 5 * 1024, maxFiles: 2, phase: 'application', template: null },
  { key: 'transcript', required: true, types: ['pdf'], maxKb: 10 * 1024, maxFiles: 2, phase: 'application', template: null },
  { key: 'rankCertificate', required: true, types: ['pdf', 'jpg', 'png'], maxKb: 5 * 1024, maxFiles: 2, phase: 'application', template: null },
  // Two referees, one letter each: the category is done only with both.
  { key: 'refereeLetter', required: true, types: ['pdf'], maxKb: 5 * 1024, minFiles: 2, maxFiles: 2, phase: 'application', template: null },
  { key: 'personalStatement', required: true, types: ['pdf'], maxKb: 5 * 1024, maxFiles: 1, phase: 'application', template: null },
  { key: 'englishCertificate', required: false, types: ['pdf', 'jpg', 'png'], maxKb: 5 * 1024, maxFiles: 3, phase: 'application', template: null },
  { key: 'idDocument', required: true, types: ['pdf', 'jpg', 'png'], maxKb: 5 * 1024, maxFiles: 2, phase: 'application', template: null },
  { key: 'integrityPledge', required: true, types: ['pdf', 'jpg', 'png'], maxKb: 5 * 1024, maxFiles: 1, phase: 'application', template: TMS_PLEDGE_TEMPLATE },
];

/** A tuimian application has application materials only: a supplementary category would never be shown nor required, so it is refused. */
const tmsCategoryList = materialCategoryList.refine((list) => list.every((c) => c.phase === 'application'), { error: 'config.applicationPhaseOnly' });
/** The materials key of the tms area's configuration: the doctoral key's checks, on the tuimian values (no photo, so no photo rules). */
export const TMS_MATERIAL_CONFIG_KEYS: readonly ConfigKeyDef[] = DOCTOR_CONFIG_KEYS.filter((d) => d.key === MATERIAL_CATEGORIES_KEY).map((d) => ({
  ...d,
  areas: [TMS_AREA],
  value: jsonValue(tmsCategoryList),
}));
