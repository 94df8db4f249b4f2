import { useCallback, useState } from 'react';
import type { ApplicationFilter } from '@gradus/contract/api/staff-batch';

/**
 * What a person has ticked on the applications list, kept by application id so it survives paging
 * and sorting: either rows ticked one by one (across pages), or "every application matching this
 * filter" (the server's total), less the rows unticked since. The second is sent to the server as the
 * filter itself, which reads it with the caller's scope; the page never downloads 600 ids.
 */
export type BatchSelection =
  | { kind: 'ids'; ids: ReadonlySet<number> }
  | { kind: 'filter'; filter: ApplicationFilter; total: number; except: ReadonlySet<number> };

export const NOTHING: BatchSelection = { kind: 'ids', ids: new Set() };

export const isSelected = (s: BatchSelection, id: number): boolean => (s.kind === 'ids' ? s.ids.has(id) : !s.except.has(id));

export const selectedCount = (s: BatchSelection): number => (s.kind === 'ids' ? s.ids.size : Math.max(0, s.total - s.except.size));

/** Ticks or unticks some rows (one, or a page's). */
export function toggle(s: BatchSelection, ids: readonly number[], on: boolean): BatchSelection {
  if (s.kind === 'ids') {
    const next = new Set(s.ids);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return { kind: 'ids', ids: next };
  }
  const except = new Set(s.except);
  for (const id of ids) {
    if (on) except.delete(id);
    else except.add(id);
  }
  return { ...s, except };
}

export const everyMatching = (filter: ApplicationFilter, total: number): BatchSelection => ({ kind: 'filter', filter, total, except: new Set() });

/** The selection as a batch call names it. */
export function selectionBody(s: BatchSelection): { applicationIds: number[] } | { filter: ApplicationFilter; exceptIds?: number[] } {
  if (s.kind === 'ids') return { applicationIds: [...s.ids] };
  return s.except.size ? { filter: s.filter, exceptIds: [...s.except] } : { filter: s.filter };
}

/** The selection as React state, with the operations the list and its bar use. */
export function useBatchSelection() {
  const [selection, setSelection] = useState<BatchSelection>(NOTHING);
  const change = useCallback((ids: readonly number[], on: boolean) => setSelection((s) => toggle(s, ids, on)), []);
  const selectAll = useCallback((filter: ApplicationFilter, total: number) => setSelection(everyMatching(filter, total)), []);
  const clear = useCallback(() => setSelection(NOTHING), []);
  return { selection, change, selectAll, clear };
}
