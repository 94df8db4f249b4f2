/**
 * Scores are stored as integer hundredths (78.5 -> 7850): exact, sortable and summable in SQL on
 * both dialects, which decimal text is not. The API keeps decimal text ('78.5'); these two
 * functions are the only crossing, at the repository edge. Parsed as text, never through a
 * float, so '0.29' is 29 and not 28.999….
 */
export function toHundredths(decimal: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`not a decimal score: ${decimal}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 7850 -> '78.5', 10000 -> '100', 5 -> '0.05': one spelling per value. */
export function fromHundredths(hundredths: number): string {
  const n = Number(hundredths);
  const whole = Math.trunc(n / 100);
  const fraction = String(n % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
