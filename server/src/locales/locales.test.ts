import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@gradus/contract';
import { describe, expect, it } from 'vitest';
import { modules as doctorModules } from './doctor';
import { en as baseEn } from './en';
import { catalogues, languageFrom } from './index';
import { interviewMessages } from './interview';
import { reviewMessages } from './review';
import { reviewLinkMessages } from './review-link';
import { reviewNoticeMessages } from './review-notices';
import { staffMessages } from './staff';
import { staffAccountMessages } from './staff-accounts';
import { logMessages } from './logs';
import { configMessages } from './config';
import { publicityMessages } from './publicity';
import { releaseMessages } from './releases';
import { scoreMessages } from './scores';
import { recheckMessages } from './rechecks';
import { roleMessages } from './roles';
import { offlinePaymentMessages } from './offline-payments';
import { COMMAND, ROOT, serverFile } from '../../../scripts/locales-zh-tw';

describe('server message catalogues', () => {
  const english = Object.keys(catalogues.en).sort();
  it.each(LANGUAGES.map((l) => [l]))('%s has exactly the English keys, none empty', (lang) => {
    const cat = catalogues[lang];
    expect(Object.keys(cat).sort()).toEqual(english);
    for (const [key, value] of Object.entries(cat)) expect(value.trim(), key).not.toBe('');
  });

  it.each(LANGUAGES.map((l) => [l]))('%s keeps every {{placeholder}} of the English text', (lang) => {
    for (const key of english) {
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(catalogues[lang][key as keyof typeof catalogues.en]), key).toEqual(names(catalogues.en[key as keyof typeof catalogues.en]));
    }
  });

  it('no two catalogues define the same key (the later one would silently win)', () => {
    const owners = new Map<string, number>();
    [baseEn, staffMessages.en, interviewMessages.en, reviewMessages.en, reviewLinkMessages.en, reviewNoticeMessages.en, staffAccountMessages.en, logMessages.en, configMessages.en, publicityMessages.en, releaseMessages.en, scoreMessages.en, recheckMessages.en, roleMessages.en, offlinePaymentMessages.en, ...doctorModules.map((m) => m.en)].forEach((cat, i) => {
      for (const key of Object.keys(cat)) {
        expect(owners.has(key), `${key} is defined twice`).toBe(false);
        owners.set(key, i);
      }
    });
  });

  it.each([
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['zh-TW,zh;q=0.9,en;q=0.8', 'zh-TW'],
    ['zh-HK,en;q=0.8', 'zh-TW'],
    ['zh-Hant-MO', 'zh-TW'],
    ['fr-FR,es;q=0.8', 'es'],
    ['ja', 'ja'],
    ['', 'en'],
    [undefined, 'en'],
  ])('Accept-Language %s -> %s', (header, lang) => {
    expect(languageFrom(header)).toBe(lang);
  });

  it(`the Traditional Chinese catalogue is the zh-CN one converted (else: ${COMMAND})`, () => {
    const expected = serverFile(catalogues['zh-CN']);
    const committed = fs.existsSync(expected.path) ? fs.readFileSync(expected.path, 'utf8') : '';
    expect(committed, `${path.relative(ROOT, expected.path)} is out of date: run ${COMMAND}`).toBe(expected.content);
  });
});
