import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdmissionDetailView, AdmissionKind } from '@gradus/contract/doctor/admission';
import { QueryState } from '@/lib/ui/QueryState';
import { useAdmissionDetail } from '../api/admissionDetail';
import '../admission.css';

interface Props<K extends AdmissionKind> {
  kind: K;
  title: string;
  lead: string;
  children: (detail: AdmissionDetailView<K>) => ReactNode;
}

/**
 * The frame of every admission page: title, what the page is for, and the loading, refused and
 * failed states, so a page body only ever sees a loaded record.
 */
export function AdmissionShell<K extends AdmissionKind>({ kind, title, lead, children }: Props<K>) {
  const { t } = useTranslation();
  const detail = useAdmissionDetail(kind);
  return (
    <div className="page admission">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{lead}</p>
      <QueryState query={detail} rows={6} texts={{ loading: t('admission.loading'), refused: t('admission.refused'), loadFailed: t('admission.loadFailed') }}>
        {children}
      </QueryState>
    </div>
  );
}
