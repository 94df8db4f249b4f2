import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
// antd's ConfigProvider already bundles en_US as its default, so naming it costs nothing.
import enUS from 'antd/es/locale/en_US';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import type { Language } from '@gradus/contract/codes';
import { appStore } from '@/lib/app-state';
import { settingsStore } from '@/lib/settings';
import { AppRoutes } from './Guard';
import { SIZE_MAP, themeConfig } from '@/lib/theme';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** antd's own texts follow the UI language; only the active locale is loaded. */
const ANTD_LOCALES: Record<Language, (() => Promise<{ default: Locale }>) | null> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  en: null,
  es: () => import('antd/es/locale/es_ES'),
  ja: () => import('antd/es/locale/ja_JP'),
};

/** Theme colour, component size and antd locale for everything below. */
export function Providers({ children }: { children: ReactNode }) {
  const language = appStore.use((s) => s.language);
  const size = appStore.use((s) => s.size);
  const color = settingsStore.use((s) => s.theme);
  const { data: locale } = useQuery({
    queryKey: ['antd-locale', language],
    queryFn: async () => {
      const load = ANTD_LOCALES[language];
      return load ? (await load()).default : enUS;
    },
    staleTime: Infinity,
    // Keep the old locale while the new one loads.
    placeholderData: (previous) => previous,
  });
  // Always pass a locale: antd wraps its children in a LocaleProvider only when one is given, so
  // toggling between "none" and "some" would remount the whole app and lose what was typed.
  return (
    <ConfigProvider locale={locale ?? enUS} componentSize={SIZE_MAP[size]} theme={themeConfig(color, size)}>
      {children}
    </ConfigProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Providers>
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </QueryClientProvider>
  );
}
