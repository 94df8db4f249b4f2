import type { ReactNode } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReplyCode } from '@gradus/contract/codes';
import type { AdmissionDetailView, AdmissionKind } from '@gradus/contract/doctor/admission';
import { ReplyError } from '@/lib/request';
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
  let body: ReactNode;
  if (detail.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} aria-label={t('admission.loading')} />;
  } else if (detail.isError) {
    const refused = detail.error instanceof ReplyError && detail.error.code === ReplyCode.FORBIDDEN;
    body = refused ? (
      <Result status="info" title={t('admission.refused')} subTitle={detail.error.message} />
    ) : (
      <Result
        status="error"
        title={t('admission.loadFailed')}
        subTitle={detail.error instanceof ReplyError ? detail.error.message : undefined}
        extra={
          <Button type="primary" onClick={() => void detail.refetch()}>
            {t('admission.retry')}
          </Button>
        }
      />
    );
  } else {
    body = children(detail.data);
  }
  return (
    <div className="page admission">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{lead}</p>
      {body}
    </div>
  );
}
