import { describe, expect, it } from 'vitest';
import { CAMP_RESULT_RELEASE } from '@gradus/contract/api/staff-camp-admission';
import { CONFIG_KEYS } from '@gradus/contract/config/registry';
import { RELEASES } from '@gradus/contract/doctor/journey';
import { TMS_INTERVIEW_RELEASE } from '@gradus/contract/tuimian/interview';
import { STAFF_CYCLES } from '@/lib/ui/CycleSwitch';
import en from '../../locales/en';

/**
 * Names the pages build from a key the contract lists: a missing one shows the raw key (or the
 * page's fallback) to the office. Every language has the same keys (i18n.test.tsx), so English stands for all.
 */
describe('labels the contract asks for', () => {
  const missing = (keys: string[]) => keys.filter((key) => !en[key]);

  it('names every configuration key and explains it', () => {
    expect(missing(CONFIG_KEYS.flatMap((k) => [`config.key.${k.key}.label`, `config.key.${k.key}.help`]))).toEqual([]);
  });

  it('names every cycle the back office runs and every release of them', () => {
    expect(missing(STAFF_CYCLES.map((c) => `cycle.name.${c}`))).toEqual([]);
    expect(missing([...RELEASES, CAMP_RESULT_RELEASE, TMS_INTERVIEW_RELEASE].map((r) => `releases.name.${r}`))).toEqual([]);
  });

  it('names every outcome of a camp result in the release preview', () => {
    expect(missing(['outstanding', 'passed', 'notRated', 'absent', 'none'].map((o) => `releases.outcome.${o}`))).toEqual([]);
  });
});
