import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormDetailView } from '@gradus/contract/doctor/form';
import { QueryState } from '@/lib/ui/QueryState';
import '../application-form.css';

interface Props {
  title: string;
  lead: string;
  query: UseQueryResult<FormDetailView>;
  children: (detail: FormDetailView) => ReactNode;
}

/** Title, purpose, and the loading, refused and failed states, so a body only sees a loaded form. */
export function FormShell({ title, lead, query, children }: Props) {
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
