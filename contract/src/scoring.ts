/**
 * How experts' scores become one score (issue #9), exactly: every score is an integer number of
 * hundredths, every weight too, so an expert's weighted total is an integer number of ten-thousandths
 * and nothing is lost to binary fractions. Only the final division (by the number of experts)
 * rounds, once, half away from zero, to two decimals: 90/85/80/70/40 with the trimmed mean is
 * (85 + 80 + 70) / 3 = 78.333… -> 78.33.
 */

export const COMBINE_METHODS = ['mean', 'trimmedMean', 'median'] as const;
export type CombineMethod = (typeof COMBINE_METHODS)[number];

/** '78.5' -> 7850. Decimal text with at most two decimals (the contract's score fields). */
export function hundredthsOf(decimal: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`not a decimal: ${decimal}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 7850 -> '78.50' (fixed two decimals: a column of totals lines up). */
export function decimalOf(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const n = Math.abs(hundredths);
  return `${sign}${Math.trunc(n / 100)}.${String(n % 100).padStart(2, '0')}`;
}

export interface SheetItem {
  key: string;
  nameZh: string;
  nameEn: string;
  /** Decimal text, e.g. '30'. */
  max: string;
  /** The lowest score the item takes, '0' when absent. */
  min?: string | undefined;
  /** Decimal text, e.g. '1' or '0.5'. */
  weight: string;
}

/** An expert's total: Σ score × weight, in ten-thousandths (hundredths × hundredths). */
export function weightedTotal(items: readonly SheetItem[], scores: Readonly<Record<string, string>>): number {
  return items.reduce((sum, item) => sum + hundredthsOf(scores[item.key] ?? '0') * hundredthsOf(item.weight), 0);
}

/** The most a sheet can give, in ten-thousandths. */
export const sheetMaximum = (items: readonly SheetItem[]): number => items.reduce((sum, item) => sum + hundredthsOf(item.max) * hundredthsOf(item.weight), 0);

/** `numerator / denominator` rounded half away from zero to an integer (both integers, denominator > 0). */
function divideRounded(numerator: number, denominator: number): number {
  const q = Math.trunc(numerator / denominator);
  const r = numerator - q * denominator;
  return 2 * Math.abs(r) >= denominator ? q + Math.sign(numerator) : q;
}

export interface Combined {
  /** The combined score in hundredths, rounded once. */
  hundredths: number;
  /** The totals that counted, in hundredths (exact when weights are whole; else rounded per expert). */
  counted: number[];
  /** The totals left out (the highest and the lowest with the trimmed mean). */
  dropped: number[];
}

/**
 * Combines experts' totals (ten-thousandths) by the method, or null when fewer than `minimum`
 * experts have scored (the trimmed mean needs three at least: one to keep after dropping two).
 */
export function combine(totals: readonly number[], method: CombineMethod, minimum = 1): Combined | null {
  const need = Math.max(minimum, method === 'trimmedMean' ? 3 : 1);
  if (totals.length < need || totals.length === 0) return null;
  const sorted = [...totals].sort((a, b) => a - b);
  const toHundredths = (tenThousandths: number) => divideRounded(tenThousandths, 100);
  if (method === 'median') {
    const mid = sorted.length >> 1;
    const median = sorted.length % 2 ? sorted[mid]! * 2 : sorted[mid - 1]! + sorted[mid]!;
    // Twice the median, in ten-thousandths: halved and rounded to hundredths in one division.
    return { hundredths: divideRounded(median, 200), counted: sorted.length % 2 ? [toHundredths(sorted[mid]!)] : [toHundredths(sorted[mid - 1]!), toHundredths(sorted[mid]!)], dropped: [] };
  }
  const kept = method === 'trimmedMean' ? sorted.slice(1, -1) : sorted;
  const dropped = method === 'trimmedMean' ? [sorted[0]!, sorted[sorted.length - 1]!] : [];
  const sum = kept.reduce((a, b) => a + b, 0);
  return { hundredths: divideRounded(sum, kept.length * 100), counted: kept.map(toHundredths), dropped: dropped.map(toHundredths) };
}
