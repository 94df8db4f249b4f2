/** Medians, not means: one run disturbed by a noisy neighbour should not move the figure. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * One comparison measured as alternating rounds (baseline, subject, baseline, subject, ...). Each
 * round's ratio divides the subject by the baseline measured just before it, so slow drift of the
 * machine cancels out; the reported ratio is the median of those per-round ratios.
 */
export interface Comparison {
  title: string;
  database: string;
  baselineLabel: string;
  subjectLabel: string;
  unit: { baseline: string; subject: string };
  baseline: number[];
  subject: number[];
  /** null: reported for information, no goal attached. */
  goal: number | null;
  /**
   * CPU time per operation (µs) of the process doing the work, same rounds. Unlike throughput it
   * hardly moves when a neighbour takes the cores, so it cross-checks the ratio on a noisy machine.
   */
  cpu: { baseline: number[]; subject: number[] };
  note?: string;
}

export const ratios = (c: Comparison): number[] => c.subject.map((s, i) => s / c.baseline[i]!);
export const ratioOf = (c: Comparison): number => median(ratios(c));
export const goalMet = (c: Comparison): boolean | null => (c.goal === null ? null : ratioOf(c) >= c.goal);
/** Baseline CPU per operation over the subject's: the share of the subject's cost that is the baseline's work. */
export const cpuRatioOf = (c: Comparison): number => median(c.cpu.subject.map((s, i) => c.cpu.baseline[i]! / s));
export const cpuGoalMet = (c: Comparison): boolean | null => (c.goal === null ? null : cpuRatioOf(c) >= c.goal);
