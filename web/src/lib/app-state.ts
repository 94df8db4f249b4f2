import Cookies from 'js-cookie';
import {
  DEFAULT_UI_SIZE,
  SIDEBAR_COOKIE,
  SIZE_COOKIE,
  UI_SIZES,
  type Language,
  type UiSize,
} from '@gradus/contract/codes';
import { createStore } from './store';

export type Device = 'desktop' | 'mobile';

export interface AppState {
  /** Desktop sidebar open (cookie sidebarStatus 1/0). */
  sidebarOpened: boolean;
  /** The phone drawer; never persisted. */
  mobileMenuOpen: boolean;
  device: Device;
  size: UiSize;
  language: Language;
  /** 1 normally; 2 while the single re-login dialog is open (spec 4). */
  remoteIsLogin: 1 | 2;
}

function readSize(): UiSize {
  const raw = Cookies.get(SIZE_COOKIE);
  return (UI_SIZES as readonly string[]).includes(raw ?? '') ? (raw as UiSize) : DEFAULT_UI_SIZE;
}

export const appStore = createStore<AppState>({
  sidebarOpened: Cookies.get(SIDEBAR_COOKIE) !== '0',
  mobileMenuOpen: false,
  device: 'desktop',
  size: readSize(),
  language: 'en',
  remoteIsLogin: 1,
});

export function toggleSidebar(): void {
  const opened = !appStore.get().sidebarOpened;
  Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
  appStore.set({ sidebarOpened: opened });
}

export function setSize(size: UiSize): void {
  Cookies.set(SIZE_COOKIE, size);
  appStore.set({ size });
}

export function setMobileMenuOpen(open: boolean): void {
  appStore.set({ mobileMenuOpen: open });
}

export function setDevice(device: Device): void {
  if (appStore.get().device !== device) appStore.set({ device, mobileMenuOpen: false });
}
