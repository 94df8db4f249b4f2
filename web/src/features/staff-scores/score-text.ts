import { DECIMAL_SCORE } from '@gradus/contract/doctor/results';
import type { ScoreWeight } from '@gradus/contract/api/staff-scores';

/** '78.5' -> 7850, exactly (as the server reads it); null for anything that is not a score. */
export function hundredthsOf(text: string): number | null {
  const trimmed = text.trim();
  if (!DECIMAL_SCORE.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** "Final = 30% × Material review + 70% × Comprehensive assessment", in the reader's language. */
export function formulaOf(weights: readonly ScoreWeight[], t: (key: string, options?: Record<string, unknown>) => string): string {
  const terms = weights.map((w) => t('scores.weights.term', { weight: w.weight, kind: t(`scores.kind.${w.kind}`) }));
  return t('scores.weights.formula', { terms: terms.join(' + ') });
}
