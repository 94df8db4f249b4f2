import { describe, expect, it } from 'vitest';
import { LANGUAGES, pickLanguage } from './codes';

describe('Chinese language tags', () => {
  it.each([
    // Traditional: Taiwan, Hong Kong, Macao, or the Hant script named.
    ['zh-TW', 'zh-TW'],
    ['zh-tw', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-Hant-CN', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    [' zh-HK ', 'zh-TW'],
    // Simplified: everything else Chinese, and Hans wins over a region.
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-Hans-HK', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    // Not Chinese.
    ['zu', undefined],
    ['hk', undefined],
    ['en-HK', 'en'],
    ['en_US', 'en'],
    ['', undefined],
    [null, undefined],
  ])('%s -> %s', (tag, expected) => {
    expect(pickLanguage(tag)).toBe(expected);
  });

  it.each([
    ['ja-JP', 'ja'],
    ['es-419', 'es'],
    ['en-GB', 'en'],
    ['fr-FR', undefined],
    [undefined, undefined],
  ])('the other languages: %s -> %s', (tag, expected) => {
    expect(pickLanguage(tag)).toBe(expected);
  });

  it('every shipped language picks itself', () => {
    for (const lang of LANGUAGES) expect(pickLanguage(lang)).toBe(lang);
  });
});
