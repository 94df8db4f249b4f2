import { settingsStore } from './settings';
import { accessiblePrimary } from './theme';

/**
 * Exposes the (accessible) theme colour to plain CSS, before the first paint: --gradus-primary for
 * fills and text on white, --gradus-link a shade darker for links, which also sit on pale alerts.
 */
export function installThemeVariables(root: HTMLElement = document.documentElement): () => void {
  const apply = (color: string) => {
    root.style.setProperty('--gradus-primary', accessiblePrimary(color));
    root.style.setProperty('--gradus-link', accessiblePrimary(color, 5));
  };
  apply(settingsStore.get().theme);
  return settingsStore.subscribe((s, prev) => {
    if (s.theme !== prev.theme) apply(s.theme);
  });
}
