import { describe, expect, it, vi } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { LANGUAGES } from '@gradus/contract/codes';
import { MENU_TREE } from '@gradus/contract/menus';
import en from '../../locales/en';
import zhCN from '../../locales/zh-CN';
import zhTW from '../../locales/zh-TW';
import es from '../../locales/es';
import ja from '../../locales/ja';
import { detectLanguage, i18n } from '../../lib/i18n';
import { switchLanguage } from '../../lib/language';
import { doctorUser, mockApi, sessionRoutes } from '../api';
import { renderApp } from '../render';

const bundles = { en, 'zh-CN': zhCN, 'zh-TW': zhTW, es, ja } as const;
const localesDir = join(import.meta.dirname, '../../locales');

/** Every message key the contract's schemas can produce (contract/src/api/*.ts, validators). */
const CONTRACT_VALIDATION_KEYS = [
  'required', 'tooLong', 'tooShort', 'format', 'invalidChoice',
  'password.tooShort', 'password.tooLong', 'password.tooCommon', 'password.required', 'password.sameAsOld',
  'idNumber.required', 'idNumber.length', 'idNumber.format', 'idNumber.province', 'idNumber.birthDate', 'idNumber.checksum',
  'idType.notForRegisterType', 'mobile.format', 'email.format', 'name.format', 'number.format', 'captcha.expired',
  'registerType.useMasterLogin', 'registerType.useDoctorLogin',
];

describe('languages 4 + detection + message', () => {
  it('ships exactly the five languages, each split into the same domain files', () => {
    expect(readdirSync(localesDir).sort()).toEqual([...LANGUAGES].sort());
    const domains = readdirSync(join(localesDir, 'en')).sort();
    for (const lang of LANGUAGES) expect(readdirSync(join(localesDir, lang)).sort()).toEqual(domains);
  });

  it('every language has exactly the same keys, none empty', () => {
    const reference = Object.keys(en).sort();
    for (const [lang, messages] of Object.entries(bundles)) {
      expect(Object.keys(messages).sort(), lang).toEqual(reference);
      for (const [key, value] of Object.entries(messages)) expect(value.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('keeps interpolation placeholders identical across languages', () => {
    const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort().join();
    for (const key of Object.keys(en)) {
      for (const [lang, messages] of Object.entries(bundles)) {
        expect(placeholders((messages as Record<string, string>)[key] ?? ''), `${lang} ${key}`).toBe(placeholders(en[key] ?? ''));
      }
    }
  });

  it('translates every contract validation key, every menu key and every route title', () => {
    for (const key of CONTRACT_VALIDATION_KEYS) expect(en, key).toHaveProperty([`validation.${key}`]);
    for (const group of MENU_TREE) {
      expect(en).toHaveProperty([group.name]);
      for (const page of group.children) expect(en).toHaveProperty([page.name]);
    }
    for (const key of ['route.dashboard', 'route.resetPassword', 'route.login', 'route.notFound', 'route.scoresReview', 'route.review', 'route.authRedirect', 'route.publicity']) {
      expect(en).toHaveProperty([key]);
    }
  });

  it('Chinese is really Chinese, Japanese really Japanese (not English copies), Traditional really Traditional', () => {
    const copies = (messages: Record<string, string>) => Object.keys(en).filter((k) => messages[k] === en[k] && /[a-z]{4}/.test(en[k] ?? ''));
    expect(copies(zhCN)).toEqual([]);
    expect(copies(zhTW)).toEqual([]);
    // Generated from zh-CN, so it could only equal it by mistake: most messages hold a character that changes.
    const unchanged = Object.keys(zhCN).filter((k) => zhTW[k] === zhCN[k]);
    expect(unchanged.length).toBeLessThan(Object.keys(zhCN).length / 4);
    expect(zhTW['login.title']).toBe('登入');
    expect(copies(ja)).toEqual([]);
    expect(copies(es).length).toBeLessThan(3);
  });

  it('detects the language from the cookie, then the browser, else English', () => {
    Cookies.remove('language');
    expect(detectLanguage('ja', ['zh-CN'])).toBe('ja');
    expect(detectLanguage(undefined, ['fr-FR', 'es-MX'])).toBe('es');
    expect(detectLanguage(undefined, ['zh-TW'])).toBe('zh-TW');
    expect(detectLanguage(undefined, ['zh-HK', 'en'])).toBe('zh-TW');
    expect(detectLanguage(undefined, ['zh-Hans-HK'])).toBe('zh-CN');
    expect(detectLanguage('zh-CN', ['zh-TW'])).toBe('zh-CN');
    expect(detectLanguage('xx', ['de-DE'])).toBe('en');
    expect(detectLanguage(undefined, [])).toBe('en');
  });

  it("switching shows 'Switch Language Success', remembers the choice and sets <html lang>", async () => {
    mockApi(sessionRoutes(doctorUser()));
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await switchLanguage('zh-CN');
    expect(await screen.findByText('切换语言成功')).toBeInTheDocument();
    expect(Cookies.get('language')).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(await screen.findByRole('heading', { name: '登录' })).toBeInTheDocument();
    await switchLanguage('zh-TW');
    expect(await screen.findByText('切換語言成功')).toBeInTheDocument();
    expect(Cookies.get('language')).toBe('zh-TW');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(await screen.findByRole('heading', { name: '登入' })).toBeInTheDocument();
    await switchLanguage('es');
    expect(await screen.findByText('Idioma cambiado correctamente')).toBeInTheDocument();
    await waitFor(() => expect(i18n.language).toBe('es'));
  });
});

describe('message chunks', () => {
  it('the sign-in screens load core messages only; the signed-in frame adds the portal, for every later language too', async () => {
    // A fresh loader (its own record of what is loaded), and i18next emptied of the setup's preloaded messages.
    vi.resetModules();
    const fresh = await import('../../lib/i18n');
    const all = { en, 'zh-CN': zhCN, 'zh-TW': zhTW, es, ja };
    for (const lang of LANGUAGES) fresh.i18n.removeResourceBundle(lang, 'translation');
    await fresh.initI18n('en');
    expect(fresh.t('route.dashboard')).toBe(en['route.dashboard']);
    expect(fresh.i18n.exists('journey.title')).toBe(false);

    await fresh.loadPortalMessages();
    expect(fresh.t('journey.title')).toBe(en['journey.title']);
    await fresh.changeLanguage('ja');
    expect(fresh.t('journey.title')).toBe(ja['journey.title']);
    expect(fresh.t('route.dashboard')).toBe(ja['route.dashboard']);
    for (const lang of LANGUAGES) fresh.i18n.addResourceBundle(lang, 'translation', all[lang], true, true);
    vi.resetModules();
  });
});
