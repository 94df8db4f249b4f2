import { describe, expect, it } from 'vitest';
import { addWorkingDays, countWorkingDays, isWorkingDay, periodEnd, shiftDate, type WorkCalendar } from './calendar';

/**
 * 国庆 2025 as the State Council set it: 1 to 8 October closed (National Day with the Mid-Autumn
 * Festival), Sunday 28 September and Saturday 11 October worked instead.
 */
const nationalDay: WorkCalendar = new Map([
  ['2025-09-28', 'workday'],
  ...['01', '02', '03', '06', '07', '08'].map((d) => [`2025-10-${d}`, 'holiday'] as const),
  ['2025-10-11', 'workday'],
]);
const plain: WorkCalendar = new Map();

describe('the working-day calendar', () => {
  it('works Monday to Friday and rests at the weekend when the office marked nothing', () => {
    expect(['2027-03-01', '2027-03-05'].map((d) => isWorkingDay(plain, d))).toEqual([true, true]);
    expect(['2027-03-06', '2027-03-07'].map((d) => isWorkingDay(plain, d))).toEqual([false, false]);
    // One working day after a Friday is the Monday; ten from a Monday is the Friday of the next week.
    expect(addWorkingDays(plain, '2027-03-05', 1)).toBe('2027-03-08');
    expect(periodEnd(plain, '2027-03-01', 10)).toBe('2027-03-12');
    expect(countWorkingDays(plain, '2027-03-01', '2027-03-12')).toBe(10);
  });

  it('closes the 国庆 holidays and works the make-up Sunday and Saturday', () => {
    expect(isWorkingDay(nationalDay, '2025-09-28')).toBe(true);
    expect(isWorkingDay(nationalDay, '2025-10-01')).toBe(false);
    expect(isWorkingDay(nationalDay, '2025-10-04')).toBe(false);
    expect(isWorkingDay(nationalDay, '2025-10-11')).toBe(true);
    expect(isWorkingDay(nationalDay, '2025-10-12')).toBe(false);
    // From Thursday 25 September: 25, 26, 28 (make-up Sunday), 29, 30, then 9, 10, 11 (make-up Saturday), 13, 14.
    expect(periodEnd(nationalDay, '2025-09-25', 10)).toBe('2025-10-14');
    expect(addWorkingDays(nationalDay, '2025-09-30', 1)).toBe('2025-10-09');
    expect(addWorkingDays(nationalDay, '2025-10-10', 1)).toBe('2025-10-11');
    // 28 September to 12 October: three working days before the holiday, three after.
    expect(countWorkingDays(nationalDay, '2025-09-28', '2025-10-12')).toBe(6);
  });

  it('counts a period starting on a holiday from the first working day after it', () => {
    expect(periodEnd(nationalDay, '2025-10-01', 10)).toBe('2025-10-21');
    expect(countWorkingDays(nationalDay, '2025-10-01', '2025-10-21')).toBe(10);
  });

  it('is the inverse of counting: n working days from a working day end on the nth', () => {
    for (let start = '2025-09-20'; start <= '2025-10-20'; start = shiftDate(start, 1)) {
      if (!isWorkingDay(nationalDay, start)) continue;
      expect(countWorkingDays(nationalDay, start, periodEnd(nationalDay, start, 10)), start).toBe(10);
    }
    expect(countWorkingDays(nationalDay, '2025-10-09', '2025-10-08')).toBe(0);
  });

  it('crosses a year and a leap day', () => {
    expect(shiftDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(periodEnd(new Map([['2027-01-01', 'holiday']]), '2026-12-28', 10)).toBe('2027-01-11');
  });
});
