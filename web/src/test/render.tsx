import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { Providers } from '../app/App';
import { AppRoutes } from '../app/Guard';
import type { ComponentMap } from '../app/menu-routes';
import { signIn } from '../lib/session';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/**
 * antd writes each component's styles into <style> elements as it renders. jsdom matches every rule of
 * every sheet against an element for each getComputedStyle, which Testing Library calls for each
 * element it considers (is it hidden?): three quarters of the suite's time went there. mock="server"
 * keeps antd's styles out of the document, as a server render does; how pages look is the browser
 * suite's business (e2e, real Chromium, axe and screenshots).
 */
export function Wrapper({ children, path = '/' }: { children: ReactNode; path?: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <StyleProvider mock="server">
        <Providers>
          <MemoryRouter initialEntries={[path]} useTransitions={false}>
            {children}
            <LocationProbe />
          </MemoryRouter>
        </Providers>
      </StyleProvider>
    </QueryClientProvider>
  );
}

/** Renders the whole app at `path`, optionally signed in (a token in the cookie). */
export function renderApp(path: string, opts: { token?: string; components?: ComponentMap } = {}) {
  if (opts.token) signIn(opts.token);
  return render(
    <Wrapper path={path}>
      <AppRoutes components={opts.components} />
    </Wrapper>,
  );
}

export const currentLocation = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';
