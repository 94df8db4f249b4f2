import { createStore } from '@/lib/store';
import { sessionStore } from '@/lib/session';

/** One opened page in the tab strip. `title` is an i18n key, so a language switch retranslates it. */
export interface TagView {
  path: string;
  fullPath: string;
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

export interface TagsState {
  visitedViews: readonly TagView[];
  /** Paths whose page keeps its state while hidden. */
  cachedViews: readonly string[];
  /** Bumped per path on refresh so the cached page remounts. */
  refreshKeys: Readonly<Record<string, number>>;
}

export const tagsStore = createStore<TagsState>({ visitedViews: [], cachedViews: [], refreshKeys: {} });
export const useTags = tagsStore.use;

export function addView(view: TagView): void {
  tagsStore.set((s) => {
    const existing = s.visitedViews.find((v) => v.path === view.path);
    const visitedViews = existing
      ? existing.fullPath === view.fullPath && existing.title === view.title
        ? s.visitedViews
        : s.visitedViews.map((v) => (v.path === view.path ? { ...v, fullPath: view.fullPath, title: view.title } : v))
      : [...s.visitedViews, view];
    const cachedViews = view.noCache || s.cachedViews.includes(view.path) ? s.cachedViews : [...s.cachedViews, view.path];
    return { visitedViews, cachedViews };
  });
}

export function delCachedView(path: string): void {
  tagsStore.set((s) => ({
    cachedViews: s.cachedViews.filter((p) => p !== path),
    refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 },
  }));
}

/** Closes one tab (affix tabs stay) and drops its cache. */
export function delView(path: string): void {
  tagsStore.set((s) => ({
    visitedViews: s.visitedViews.filter((v) => v.path !== path || v.affix),
    cachedViews: s.cachedViews.filter((p) => p !== path || s.visitedViews.some((v) => v.path === p && v.affix)),
  }));
}

export function delOthersViews(path: string): void {
  tagsStore.set((s) => {
    const visitedViews = s.visitedViews.filter((v) => v.affix || v.path === path);
    const keep = new Set(visitedViews.map((v) => v.path));
    return { visitedViews, cachedViews: s.cachedViews.filter((p) => keep.has(p)) };
  });
}

export function delAllViews(): void {
  tagsStore.set((s) => {
    const visitedViews = s.visitedViews.filter((v) => v.affix);
    const keep = new Set(visitedViews.map((v) => v.path));
    return { visitedViews, cachedViews: s.cachedViews.filter((p) => keep.has(p)) };
  });
}

/** Everything goes: used when the session changes hands (logout, role switch, another user). */
export function resetTags(): void {
  tagsStore.set({ visitedViews: [], cachedViews: [], refreshKeys: {} });
}

sessionStore.subscribe((s, prev) => {
  if (s.epoch !== prev.epoch) resetTags();
});
