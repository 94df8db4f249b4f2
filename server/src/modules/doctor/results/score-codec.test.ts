import { describe, expect, it } from 'vitest';
import { fromHundredths, toHundredths } from './score-codec';

describe('scores as integer hundredths', () => {
  it.each([
    ['78.5', 7850],
    ['78.50', 7850],
    ['0.29', 29],
    ['0.05', 5],
    ['100', 10000],
    ['0', 0],
    ['9999.99', 999999],
  ])('%s is stored as %i', (text, n) => {
    expect(toHundredths(text)).toBe(n);
  });

  it.each([
    [7850, '78.5'],
    [29, '0.29'],
    [5, '0.05'],
    [10000, '100'],
    [0, '0'],
    [999999, '9999.99'],
  ])('%i reads back as %s', (n, text) => {
    expect(fromHundredths(n)).toBe(text);
  });

  it('refuses what is not a score rather than storing a wrong number', () => {
    for (const bad of ['78,5', '1e2', '-1', '78.555', '']) expect(() => toHundredths(bad)).toThrow(/not a decimal score/);
  });
});
