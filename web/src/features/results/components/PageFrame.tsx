import type { ReactNode } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReplyCode } from '@gradus/contract/codes';
import { ReplyError } from '@/lib/request';
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

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * The loading, refused and failed states of one call, so the body only ever sees loaded data.
 * A refusal (another role, a session in the wrong role) is said in place; anything else offers a retry.
 */
export function QueryBody<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 5 }} aria-label={t('results.loading')} />;
  if (query.isError || query.data === undefined) {
    const message = query.error instanceof ReplyError ? query.error.message : undefined;
    if (query.error instanceof ReplyError && query.error.code === ReplyCode.FORBIDDEN) {
      return <Result status="info" title={t('results.refused')} subTitle={message} />;
    }
    return (
      <Result
        status="error"
        title={t('results.loadFailed')}
        subTitle={message}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('results.retry')}
          </Button>
        }
      />
    );
  }
  return <>{children(query.data)}</>;
}
