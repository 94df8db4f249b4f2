/**
 * The configuration keys the portal knows (table system_config: area, key, value), each with how its
 * value is checked. The back office's configuration editor (issue #10) lets the system administrator
 * change a known key whose `editing` is 'here', with the key's own check; every other value is
 * shown and changed elsewhere, or not at all:
 * - 'notes': the notes applicants read (`notice`), which the admissions office writes on its own
 *   page, sanitised there;
 * - 'cycle': a cycle's stage windows and release switches (`stage.<year>.<stage>.*`,
 *   `release.<year>.<what>`) and the registration window (`registrationStart`/`registrationEnd`,
 *   the registration stage's window). They belong to the admissions office and, for a release, to
 *   the publish permission (policies.ts: cycle.configure, results.publish); editing them here would
 *   be a way around both, as the CLI's set-config refuses to be. The stage timeline edits them.
 * - 'recruitYear': mirrors the current recruitment year (table recruit_year); starting a new cycle
 *   changes both.
 * An unknown key (left by an older version or the CLI) is shown read-only and never written here.
 *
 * Messages are validation keys: `config.*` ones are in the server's and the web's catalogues.
 */
import { z } from 'zod';
import { ADMISSION_AREAS } from '../areas';
import { SYSTEM_TYPES, type SystemType } from '../codes';
import { V } from '../api/common';
import { BANK_ACCOUNT_CONFIG_KEYS } from '../api/offline-payment';
import { DOCTOR_CONFIG_KEYS } from '../doctor/config-keys';
import { APPLICATION_FEE_KEY } from '../doctor/payment';
import { CAMP_MATERIAL_CONFIG_KEYS } from '../summer-camp/materials';
import { CAMP_RESULT_CONFIG_KEYS } from '../summer-camp/qualification';
import { TMS_MATERIAL_CONFIG_KEYS } from '../tuimian/materials';
import { feeAmount, requiredConfigText, type ConfigEditing, type ConfigKeyDef } from './values';

export * from './values';

const GENERIC_KEYS: readonly ConfigKeyDef[] = [
  { key: 'systemName', areas: ['system'], kind: 'text', editing: 'here', value: requiredConfigText(50), fallback: 'Gradus' },
  { key: 'recruitYear', areas: ['system'], kind: 'year', editing: 'recruitYear' },
  // Signs the payment sandbox's callbacks: a short or guessable key would let anyone forge a 'paid' notice.
  {
    key: 'paymentSandboxKey',
    areas: ['system'],
    kind: 'secret',
    editing: 'here',
    value: z
      .string({ error: V.invalidType })
      .trim()
      .refine((v) => /^[A-Za-z0-9_-]{24,200}$/.test(v), { error: 'config.secret' }),
  },
  { key: 'notice', areas: SYSTEM_TYPES, kind: 'html', editing: 'notes' },
  { key: APPLICATION_FEE_KEY, areas: ADMISSION_AREAS, kind: 'amount', editing: 'here', value: feeAmount },
  { key: 'registrationStart', areas: ADMISSION_AREAS, kind: 'dateTime', editing: 'cycle' },
  { key: 'registrationEnd', areas: ADMISSION_AREAS, kind: 'dateTime', editing: 'cycle' },
];

/**
 * Every known key; areas register theirs here (the doctoral journey's in doctor/config-keys.ts, the
 * summer camp's materials in summer-camp/materials.ts, the tuimian ones in tuimian/materials.ts, the bank account for transfers in api/offline-payment.ts).
 */
export const CONFIG_KEYS: readonly ConfigKeyDef[] = [...GENERIC_KEYS, ...DOCTOR_CONFIG_KEYS, ...CAMP_MATERIAL_CONFIG_KEYS, ...CAMP_RESULT_CONFIG_KEYS, ...TMS_MATERIAL_CONFIG_KEYS, ...BANK_ACCOUNT_CONFIG_KEYS];

/** A cycle's per-year keys: read here, edited on the stage timeline and the release pages. */
export const CYCLE_KEY_PATTERN = /^(stage|release)\./;

export function configKeyDef(area: SystemType, key: string): ConfigKeyDef | undefined {
  return CONFIG_KEYS.find((d) => d.key === key && d.areas.includes(area));
}

/** Where a value is changed: here, on another page, or nowhere (unknown). */
export function editingOf(area: SystemType, key: string): ConfigEditing {
  const def = configKeyDef(area, key);
  if (def) return def.editing;
  return CYCLE_KEY_PATTERN.test(key) ? 'cycle' : 'unknown';
}

/** The known keys of an area, in the registry's order. */
export const keysOfArea = (area: SystemType): ConfigKeyDef[] => CONFIG_KEYS.filter((d) => d.areas.includes(area));
