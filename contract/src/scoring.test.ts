import { describe, expect, it } from 'vitest';
import { combine, decimalOf, hundredthsOf, sheetMaximum, weightedTotal, type CombineMethod, type SheetItem } from './scoring';

/** Totals as the experts gave them (whole points), in the ten-thousandths `combine` takes. */
const totals = (...points: number[]) => points.map((p) => hundredthsOf(String(p)) * 100);
const result = (points: number[], method: CombineMethod, minimum = 1) => {
  const c = combine(totals(...points), method, minimum);
  return c ? decimalOf(c.hundredths) : null;
};

describe('combining experts’ scores', () => {
  it.each([
    // [scores, method, minimum experts, result]
    [[90, 85, 80, 70, 40], 'trimmedMean', 1, '78.33'],
    [[90, 85, 80, 70, 40], 'mean', 1, '73.00'],
    [[90, 85, 80, 70, 40], 'median', 1, '80.00'],
    [[90, 85, 80, 70], 'median', 1, '82.50'],
    [[80, 81], 'mean', 1, '80.50'],
    [[80, 81, 81], 'mean', 1, '80.67'],
    [[1, 0, 0], 'mean', 1, '0.33'],
    [[2, 0, 0], 'mean', 1, '0.67'],
    [[70, 80, 90], 'trimmedMean', 1, '80.00'],
    [[70, 80], 'trimmedMean', 1, null],
    [[70, 80], 'mean', 3, null],
    [[], 'mean', 1, null],
    [[77], 'median', 1, '77.00'],
  ] as const)('%j by %s (at least %i experts) gives %s', (points, method, minimum, expected) => {
    expect(result([...points], method, minimum)).toBe(expected);
  });

  it('says which totals counted and which were dropped', () => {
    expect(combine(totals(90, 85, 80, 70, 40), 'trimmedMean')).toEqual({ hundredths: 7833, counted: [7000, 8000, 8500], dropped: [4000, 9000] });
  });

  it('rounds only once, at the end: 1/3 + 1/3 + 1/3 of a hundredth is not lost', () => {
    // 78.335 exactly -> 78.34 (half away from zero), not 78.33 from a float's 78.33499…
    expect(decimalOf(combine([783_300, 783_400], 'mean')!.hundredths)).toBe('78.34');
  });
});

describe('a score sheet', () => {
  const sheet: SheetItem[] = [
    { key: 'research', nameZh: '科研能力', nameEn: 'Research ability', max: '40', weight: '1' },
    { key: 'plan', nameZh: '研究计划', nameEn: 'Research plan', max: '30', weight: '1' },
    { key: 'language', nameZh: '外语水平', nameEn: 'Foreign language', max: '30', weight: '0.5' },
  ];

  it('weights each item exactly', () => {
    expect(weightedTotal(sheet, { research: '35.5', plan: '27', language: '25.25' })).toBe((3550 * 100 + 2700 * 100 + 2525 * 50));
    expect(sheetMaximum(sheet)).toBe(4000 * 100 + 3000 * 100 + 3000 * 50);
  });

  it('reads and writes decimals with two places', () => {
    expect(hundredthsOf('78.5')).toBe(7850);
    expect(decimalOf(7850)).toBe('78.50');
    expect(decimalOf(5)).toBe('0.05');
    expect(() => hundredthsOf('1.234')).toThrow();
  });
});
