import { describe, expect, it } from 'vitest';
import { checkIdNumber, checkMainlandId, maskIdNumber, normalizeIdNumber, sexFromMainlandId } from './validators/id-number';
import { checkPassword } from './validators/password';

/** Builds a valid mainland ID from its first 17 digits by computing the check character. */
function withCheck(first17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const map = '10X98765432';
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (w[i] ?? 0), 0);
  return first17 + map[sum % 11];
}

describe('mainland ID number (spec 5)', () => {
  const today = new Date('2026-11-22T00:00:00Z');
  it.each([
    ['11010519491231002X', null],
    ['11010519491231002x', null], // lower-case x accepted
    [withCheck('44030420000229123'), null], // 29 February in a leap year
    ['', 'required'],
    ['1101051949123100', 'length'],
    ['01010519491231002X', 'format'], // area code starts with 0
    ['110105184912310021', 'format'], // year 18xx
    [withCheck('16010519900101123'), 'province'], // 16 is no province
    [withCheck('44030419990229123'), 'birthDate'], // 29 February 1999 does not exist
    [withCheck('44030420001301123'), 'birthDate'], // month 13
    [withCheck('44030420991231123'), 'birthDate'], // born in the future
    ['110105194912310021', 'checksum'],
  ])('%s -> %s', (id, expected) => {
    expect(checkMainlandId(id, today)).toBe(expected);
  });

  it('normalizes and masks', () => {
    expect(normalizeIdNumber(' 11010519491231002x ')).toBe('11010519491231002X');
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
    expect(sexFromMainlandId('11010519491231002X')).toBe('1');
  });
});

describe('permits and passports (Hong Kong, Macao, Taiwan)', () => {
  it.each([
    ['2', 'H12345678', null],
    ['2', 'M1234567890', null],
    ['2', 'X12345678', 'format'],
    ['2', 'H1234567', 'format'], // 7 digits
    ['2', 'h12345678', null], // typed in lower case: normalized
    ['3', '12345678', null],
    ['3', '1234567', 'format'],
    ['3', '1234567890', 'format'], // the old booklet's 10 digits: no longer issued
    ['4', 'E12345678', null],
    ['4', 'E1<2345678', 'format'],
    ['9', 'E12345678', 'format'],
  ])('type %s %s -> %s', (type, id, expected) => {
    expect(checkIdNumber(type, id)).toBe(expected);
  });

  const today = new Date('2026-11-22T00:00:00Z');
  it.each([
    [withCheck('81000019990101123'), null], // Hong Kong
    [withCheck('82000020010315456'), null], // Macao
    [withCheck('83000019980707789'), null], // Taiwan
    [withCheck('81000019990101123').toLowerCase(), null],
    [withCheck('11010519491231002'), 'hmtArea'], // a mainland ID card is not a residence permit
    [withCheck('81010019990101123'), 'hmtArea'], // only the three area codes
    [withCheck('81000019990230123'), 'birthDate'],
    [withCheck('8100001999010112'), 'hmtLength'],
    ['81000019990101123' + (withCheck('81000019990101123').endsWith('0') ? '1' : '0'), 'checksum'],
    ['', 'required'],
  ])('residence permit %s -> %s', (id, expected) => {
    expect(checkIdNumber('5', id, today)).toBe(expected);
  });
});

describe('passwords', () => {
  it.each([
    ['', 'required'],
    ['short1', 'tooShort'],
    ['x'.repeat(129), 'tooLong'],
    ['Password123', 'tooCommon'],
    ['aaaaaaaaaa', 'tooCommon'],
    ['blue-Heron-42', null],
  ])('%s -> %s', (pw, expected) => {
    expect(checkPassword(pw)).toBe(expected);
  });
});
