import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookies from 'js-cookie';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, pickLanguage, type Language } from '@gradus/contract/codes';
import { appStore } from './app-state';

export type Messages = Record<string, string>;

type Loader = () => Promise<{ default: Messages }>;

/**
 * Two chunks per language, only the active language's downloaded: `core` for every screen, and
 * `portal` (the doctoral pages) once the signed-in frame opens, so the sign-in screens stay small.
 */
const loaders: Record<'core' | 'portal', Record<Language, Loader>> = {
  core: {
    'zh-CN': () => import('@/locales/zh-CN/core'),
    'zh-TW': () => import('@/locales/zh-TW/core'),
    en: () => import('@/locales/en/core'),
    es: () => import('@/locales/es/core'),
    ja: () => import('@/locales/ja/core'),
  },
  portal: {
    'zh-CN': () => import('@/locales/zh-CN/portal'),
    'zh-TW': () => import('@/locales/zh-TW/portal'),
    en: () => import('@/locales/en/portal'),
    es: () => import('@/locales/es/portal'),
    ja: () => import('@/locales/ja/portal'),
  },
};
const loaded = new Set<string>();
/** Set once the signed-in frame has asked for the portal messages: every later language needs them too. */
let portalWanted = false;

/** Names shown in the language menu, each in its own language (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  en: 'English',
  es: 'Español',
  ja: '日本語',
};

/** Cookie first, then the browser's languages, else English (spec 1). */
export function detectLanguage(
  cookie: string | undefined = Cookies.get(LANGUAGE_COOKIE),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language],
): Language {
  const fromCookie = pickLanguage(cookie);
  if (fromCookie) return fromCookie;
  for (const tag of browser) {
    const lang = pickLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

export const isLanguage = (v: string): v is Language => (LANGUAGES as readonly string[]).includes(v);

async function ensurePart(lang: Language, part: 'core' | 'portal'): Promise<void> {
  if (loaded.has(`${lang}:${part}`)) return;
  const mod = await loaders[part][lang]();
  i18n.addResourceBundle(lang, 'translation', mod.default, true, true);
  loaded.add(`${lang}:${part}`);
}

async function ensureLoaded(lang: Language): Promise<void> {
  await Promise.all([ensurePart(lang, 'core'), portalWanted ? ensurePart(lang, 'portal') : undefined]);
}

/** The doctoral pages' messages in the current language (and in every language chosen later). */
export async function loadPortalMessages(): Promise<void> {
  portalWanted = true;
  await ensurePart(appStore.get().language, 'portal');
}

function applyLanguage(lang: Language): void {
  document.documentElement.lang = lang;
  appStore.set({ language: lang });
}

/** Initialises i18next with the detected (or given) language, loading only that language. */
export async function initI18n(lang: Language = detectLanguage(), preloaded?: Partial<Record<Language, Messages>>): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: lang,
      fallbackLng: false,
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      resources: {},
    });
  }
  for (const [l, messages] of Object.entries(preloaded ?? {})) {
    if (!messages) continue;
    // Preloaded messages (tests) are complete: both parts count as loaded.
    i18n.addResourceBundle(l, 'translation', messages, true, true);
    loaded.add(`${l}:core`).add(`${l}:portal`);
  }
  await ensureLoaded(lang);
  await i18n.changeLanguage(lang);
  applyLanguage(lang);
}

/** Switches the UI language, remembers it in the cookie and updates <html lang>. */
export async function changeLanguage(lang: Language): Promise<void> {
  await ensureLoaded(lang);
  await i18n.changeLanguage(lang);
  Cookies.set(LANGUAGE_COOKIE, lang, { expires: 365, sameSite: 'Lax' });
  applyLanguage(lang);
}

export const currentLanguage = (): Language => appStore.get().language;
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options);
export { i18n };
