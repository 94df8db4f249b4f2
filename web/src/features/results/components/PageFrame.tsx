import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/lib/ui/QueryState';
import '../results.css';

/** Title and what the page is for: every results page starts the same way. */
export function PageFrame({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="page results">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{lead}</p>
      {children}
    </div>
  );
}

/** A result call's loading, refused and failed states, so the body only ever sees loaded data. */
export function QueryBody<T>({ query, children }: { query: Parameters<typeof QueryState<T>>[0]['query']; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <QueryState query={query} texts={{ loading: t('results.loading'), refused: t('results.refused'), loadFailed: t('results.loadFailed') }}>
      {children}
    </QueryState>
  );
}
