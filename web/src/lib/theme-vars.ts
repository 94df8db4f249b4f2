import { settingsStore } from './settings';
import { accessiblePrimary } from './theme';

/** Exposes the (accessible) theme colour to plain CSS as --gradus-primary, before the first paint. */
export function installThemeVariables(root: HTMLElement = document.documentElement): () => void {
  const apply = (color: string) => root.style.setProperty('--gradus-primary', accessiblePrimary(color));
  apply(settingsStore.get().theme);
  return settingsStore.subscribe((s, prev) => {
    if (s.theme !== prev.theme) apply(s.theme);
  });
}
