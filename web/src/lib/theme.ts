import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { UiSize } from '@gradus/contract/codes';

type AntSize = 'large' | 'middle' | 'small';

/** The spec's four sizes on antd's three; mini is small plus the compact algorithm. */
export const SIZE_MAP: Record<UiSize, AntSize> = { default: 'large', medium: 'middle', small: 'small', mini: 'small' };

function channels(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(channels(hex)) + 0.05);
}

/**
 * The theme colour the user picked, darkened just enough for white text on it (and it as text on
 * white) to reach WCAG AA 4.5:1. #1890ff itself is 3.4:1, which axe reports as a serious violation.
 */
export function accessiblePrimary(hex: string, ratio = 4.5): string {
  let rgb = channels(hex);
  for (let i = 0; i < 40 && 1.05 / (luminance(rgb) + 0.05) < ratio; i++) {
    rgb = rgb.map((c) => Math.max(0, Math.round(c * 0.95))) as [number, number, number];
  }
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

export function themeConfig(color: string, size: UiSize): ThemeConfig {
  return {
    algorithm: size === 'mini' ? antdTheme.compactAlgorithm : undefined,
    token: {
      colorPrimary: accessiblePrimary(color),
      // Hovered buttons keep their white text readable too: darker on hover, not antd's lighter shade.
      colorPrimaryHover: accessiblePrimary(color, 5.5),
      // Links also sit on the pale backgrounds of alerts (#fffbe6): a little darker than on white.
      colorLink: accessiblePrimary(color, 5),
      // antd's placeholders (25% black) are 1.8:1; a hint the reader needs must be readable, even in a disabled select.
      colorTextPlaceholder: '#6b6b6b',
      // antd's tertiary text (45% black) is 3.4:1 on white; 62% keeps descriptions readable (AA).
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
      // antd's red (#ff4d4f) is 3.3:1 as the text of a danger button ("Not eligible", "Reject"): darkened to AA like the primary.
      colorError: accessiblePrimary('#ff4d4f'),
      colorErrorHover: accessiblePrimary('#ff4d4f', 5.5),
      borderRadius: 6,
    },
    components: {
      // Selected menu text sits on a tinted background: it needs a darker shade than text on white.
      Menu: { itemSelectedColor: accessiblePrimary(color, 6) },
      // The open tab's label sits on the page's grey (#f5f7fa), where the primary alone is 4.3:1.
      Tabs: { itemSelectedColor: accessiblePrimary(color, 5), itemHoverColor: accessiblePrimary(color, 5), itemActiveColor: accessiblePrimary(color, 5) },
    },
  };
}
