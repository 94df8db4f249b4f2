import { Activity, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { settingsStore } from '@/lib/settings';
import { ErrorBoundary } from '@/lib/ui/ErrorBoundary';
import { useRouteMeta } from '../route-meta';
import { useTags } from '../stores/tags';

/**
 * Keep-alive for pages (spec 2): a cached page stays mounted but hidden (React <Activity>), so what
 * was typed survives a tab switch; noCache pages remount; a closed or refreshed tab drops its page.
 */
export function AppMain() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const meta = useRouteMeta();
  const tagsView = settingsStore.use((s) => s.tagsView);
  const cachedViews = useTags((s) => s.cachedViews);
  const refreshKeys = useTags((s) => s.refreshKeys);
  const cacheable = Boolean(tagsView && meta && !meta.noCache && !meta.noTag && !meta.group);

  const [pages, setPages] = useState<Readonly<Record<string, ReactNode>>>({});
  const known = Object.hasOwn(pages, pathname);
  if (cacheable && !known) setPages({ ...pages, [pathname]: outlet });

  const kept = Object.keys(pages).filter((p) => (p === pathname && cacheable) || cachedViews.includes(p));
  return (
    <>
      {kept.map((p) => (
        <Activity key={`${p}#${refreshKeys[p] ?? 0}`} mode={p === pathname ? 'visible' : 'hidden'}>
          <div className="app-main__page" data-view={p}>
            <ErrorBoundary>{pages[p]}</ErrorBoundary>
          </div>
        </Activity>
      ))}
      {!cacheable && (
        <div className="app-main__page" key={pathname} data-view={pathname}>
          <ErrorBoundary>{outlet}</ErrorBoundary>
        </div>
      )}
    </>
  );
}
