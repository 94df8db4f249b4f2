import { DEFAULT_THEME_COLOR } from '@gradus/contract/codes';
import { createStore } from './store';

/** Layout settings of spec 3/9; persisted in localStorage and read synchronously before the first render. */
export interface Settings {
  theme: string;
  sidebarLogo: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: DEFAULT_THEME_COLOR,
  sidebarLogo: false,
  tagsView: true,
  fixedHeader: false,
};

/** Spec 9 constants that are not user settings. */
export const STATIC_SETTINGS = {
  showSettings: false,
  supportPinyinSearch: true,
  errorLog: 'production',
} as const;

const STORAGE_KEY = 'gradus.settings';
const HEX = /^#[0-9a-f]{6}$/i;

export function readSettings(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Settings {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    if (!raw || typeof raw !== 'object') return { ...DEFAULT_SETTINGS };
    const r = raw as Partial<Record<keyof Settings, unknown>>;
    return {
      theme: typeof r.theme === 'string' && HEX.test(r.theme) ? r.theme : DEFAULT_SETTINGS.theme,
      sidebarLogo: typeof r.sidebarLogo === 'boolean' ? r.sidebarLogo : DEFAULT_SETTINGS.sidebarLogo,
      tagsView: typeof r.tagsView === 'boolean' ? r.tagsView : DEFAULT_SETTINGS.tagsView,
      fixedHeader: typeof r.fixedHeader === 'boolean' ? r.fixedHeader : DEFAULT_SETTINGS.fixedHeader,
    };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export const settingsStore = createStore<Settings>(readSettings());

export function changeSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  if (key === 'theme' && !HEX.test(String(value))) return;
  settingsStore.set({ [key]: value } as Partial<Settings>);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settingsStore.get()));
  } catch {
    // Private mode or a full quota: the setting still applies for this visit.
  }
}
