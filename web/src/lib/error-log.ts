import { createStore } from './store';

/** One captured error (spec 3: error, component, info, URL). */
export interface ErrorLogEntry {
  error: string;
  component: string;
  info: string;
  url: string;
  time: number;
}

export const errorLogStore = createStore<{ enabled: boolean; logs: readonly ErrorLogEntry[] }>({
  enabled: import.meta.env.PROD,
  logs: [],
});

export function logError(error: unknown, component = '', info = ''): void {
  console.error(error);
  if (!errorLogStore.get().enabled) return;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const entry: ErrorLogEntry = { error: text, component, info, url: window.location.href, time: Date.now() };
  errorLogStore.set((s) => ({ logs: [...s.logs, entry].slice(-50) }));
}

export function clearErrorLog(): void {
  errorLogStore.set({ logs: [] });
}

/** Global errors outside React (React's own go through createRoot's handlers). */
export function installErrorLog(target: Window = window): () => void {
  const onError = (e: ErrorEvent) => logError(e.error ?? e.message, '', 'window.onerror');
  const onRejection = (e: PromiseRejectionEvent) => logError(e.reason, '', 'unhandledrejection');
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
