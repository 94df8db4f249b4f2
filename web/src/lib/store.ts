import { useSyncExternalStore } from 'react';

/**
 * A minimal external store (state + subscribe) read with useSyncExternalStore. Selectors must
 * return primitives or references that already live in the state, never fresh objects.
 */
export interface Store<T> {
  get(): T;
  set(patch: Partial<T> | ((s: T) => Partial<T>)): void;
  subscribe(listener: (state: T, prev: T) => void): () => void;
  use<R>(selector: (s: T) => R): R;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<(s: T, prev: T) => void>();
  const store: Store<T> = {
    get: () => state,
    set(patch) {
      const prev = state;
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      for (const l of [...listeners]) l(state, prev);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use<R>(selector: (s: T) => R): R {
      return useSyncExternalStore(store.subscribe, () => selector(state), () => selector(state));
    },
  };
  return store;
}
