import type { ReactNode } from 'react';
import { Button, Result, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReplyCode } from '@gradus/contract/codes';
import type { FormDetailView } from '@gradus/contract/doctor/form';
import { ReplyError } from '@/lib/request';
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
  let body: ReactNode;
  if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} aria-label={t('form.loading')} />;
  } else if (query.isError) {
    const refused = query.error instanceof ReplyError && query.error.code === ReplyCode.FORBIDDEN;
    body = refused ? (
      <Result status="info" title={t('form.refused')} subTitle={query.error.message} />
    ) : (
      <Result
        status="error"
        title={t('form.loadFailed')}
        subTitle={query.error instanceof ReplyError ? query.error.message : undefined}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('form.retry')}
          </Button>
        }
      />
    );
  } else {
    body = children(query.data);
  }
  return (
    <div className="page application-form">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{lead}</p>
      {body}
    </div>
  );
}
