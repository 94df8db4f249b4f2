import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { DEFAULT_UI_SIZE } from '@gradus/contract/codes';
import en from '../locales/en';
import zhCN from '../locales/zh-CN';
import zhTW from '../locales/zh-TW';
import es from '../locales/es';
import ja from '../locales/ja';
import { appStore } from '../lib/app-state';
import { errorLogStore } from '../lib/error-log';
import { changeLanguage, initI18n } from '../lib/i18n';
import { resetRequestState } from '../lib/request';
import { resetToken } from '../lib/session';
import { DEFAULT_SETTINGS, settingsStore } from '../lib/settings';
import { pageActions } from '../lib/token';
import { resetTags } from '../app/stores/tags';

configure({ asyncUtilTimeout: 30000 });

// jsdom lacks these browser APIs that antd uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = () => {};
HTMLElement.prototype.scrollIntoView ??= () => {};

beforeAll(async () => {
  await initI18n('en', { en, 'zh-CN': zhCN, 'zh-TW': zhTW, es, ja });
});

beforeEach(async () => {
  pageActions.reload = vi.fn();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  localStorage.clear();
  resetToken();
  resetTags();
  resetRequestState();
  appStore.set({ sidebarOpened: true, mobileMenuOpen: false, device: 'desktop', size: DEFAULT_UI_SIZE, remoteIsLogin: 1 });
  settingsStore.set({ ...DEFAULT_SETTINGS });
  errorLogStore.set({ enabled: false, logs: [] });
  await changeLanguage('en');
});

afterEach(async () => {
  cleanup();
  // antd's static holders live in <body>: empty them, but keep their containers attached.
  const { message, notification, Modal } = await import('../lib/feedback-antd');
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
});
