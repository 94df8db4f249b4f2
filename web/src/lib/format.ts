/** Utilities of spec 9. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RelativeTime {
  value: number;
  unit: 'minute' | 'hour' | 'day';
}

/** Minutes under an hour, hours under a day, otherwise days. */
export function relativeTime(then: Date | number, now: Date | number = Date.now()): RelativeTime {
  const diff = Math.max(0, Number(now) - Number(then));
  if (diff < HOUR) return { value: Math.floor(diff / MINUTE), unit: 'minute' };
  if (diff < DAY) return { value: Math.floor(diff / HOUR), unit: 'hour' };
  return { value: Math.floor(diff / DAY), unit: 'day' };
}

/** "5 minutes ago" in the given language, by the browser's own translations. */
export function formatRelativeTime(then: Date | number, lang: string, now: Date | number = Date.now()): string {
  const { value, unit } = relativeTime(then, now);
  return new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(-value, unit);
}

const SI = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** 1234 -> "1.2k", 1e6 -> "1M" (suffixes k, M, G, T, P, E). */
export function numberFormatter(num: number, digits = 1): string {
  for (const { value, symbol } of SI) {
    if (Math.abs(num) >= value) {
      return (num / value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + symbol;
    }
  }
  return String(num);
}

/** 1234567.5 -> "1,234,567.5" */
export function toThousands(num: number | string): string {
  const [int = '', frac] = String(num).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** External links: http, https, mailto and tel. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

/** "500 KB", "5 MB": as the server states its limits. */
export function formatKb(kb: number): string {
  if (kb < 1024) return `${kb} KB`;
  const mb = kb / 1024;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
