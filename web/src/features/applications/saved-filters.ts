import type { ApplicationListRequest } from '@gradus/contract/api/staff';

/**
 * A staff member's named filters and chosen columns, kept in this browser per account: a secretary
 * opens "unpaid, photo waiting" every morning without setting five filters again.
 */
export interface SavedFilter {
  name: string;
  filters: ApplicationListRequest;
}

const filtersKey = (userId: number) => `gradus.applications.savedFilters.${userId}`;
const columnsKey = (userId: number) => `gradus.applications.columns.${userId}`;
export const SAVED_FILTERS_MAX = 20;

function read<T>(key: string, valid: (v: unknown) => v is T, fallback: T): T {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

const isSavedFilters = (v: unknown): v is SavedFilter[] =>
  Array.isArray(v) && v.every((f) => typeof f === 'object' && f !== null && typeof (f as SavedFilter).name === 'string' && typeof (f as SavedFilter).filters === 'object');
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

export const loadSavedFilters = (userId: number): SavedFilter[] => read(filtersKey(userId), isSavedFilters, []);

/** Saving under an existing name replaces it; the newest comes first. */
export function saveFilter(userId: number, saved: SavedFilter): SavedFilter[] {
  const next = [saved, ...loadSavedFilters(userId).filter((f) => f.name !== saved.name)].slice(0, SAVED_FILTERS_MAX);
  localStorage.setItem(filtersKey(userId), JSON.stringify(next));
  return next;
}

export function deleteFilter(userId: number, name: string): SavedFilter[] {
  const next = loadSavedFilters(userId).filter((f) => f.name !== name);
  localStorage.setItem(filtersKey(userId), JSON.stringify(next));
  return next;
}

export const loadColumns = (userId: number, fallback: string[]): string[] => read(columnsKey(userId), isStrings, fallback);
export const saveColumns = (userId: number, columns: string[]): void => localStorage.setItem(columnsKey(userId), JSON.stringify(columns));
