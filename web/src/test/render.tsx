import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
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

export function Wrapper({ children, path = '/' }: { children: ReactNode; path?: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <Providers>
        <MemoryRouter initialEntries={[path]} useTransitions={false}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      </Providers>
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
