import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/lib/ui/QueryState';
import './application-form.css';

interface Props<T> {
  title: string;
  lead: string;
  query: UseQueryResult<T>;
  children: (detail: T) => ReactNode;
}

/** Title, purpose, and the loading, refused and failed states, so a body only sees a loaded form. */
export function FormShell<T>({ title, lead, query, children }: Props<T>) {
  const { t } = useTranslation();
  return (
    <div className="page application-form">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{lead}</p>
      <QueryState query={query} rows={8} texts={{ loading: t('form.loading'), refused: t('form.refused'), loadFailed: t('form.loadFailed') }}>
        {children}
      </QueryState>
    </div>
  );
}
