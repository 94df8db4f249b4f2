import type { ReactNode } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReplyCode } from '@gradus/contract/codes';
import { ReplyError } from '../request';

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** What a page says while its record loads, when the server refuses it, and when loading failed. */
export interface QueryStateTexts {
  loading: string;
  refused: string;
  loadFailed: string;
}

/**
 * The loading, refused and failed states of the one call a page is built on, so its body only ever
 * sees loaded data. A refusal (not at this stage, another role) is said calmly in place with the
 * server's reason; anything else offers a retry.
 */
export function QueryState<T>({ query, texts, rows = 5, children }: { query: QueryLike<T>; texts: QueryStateTexts; rows?: number; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active paragraph={{ rows }} aria-label={texts.loading} />;
  if (query.isError || query.data === undefined) {
    const message = query.error instanceof ReplyError ? query.error.message : undefined;
    if (query.error instanceof ReplyError && query.error.code === ReplyCode.FORBIDDEN) {
      return <Result status="info" title={texts.refused} subTitle={message} />;
    }
    return (
      <Result
        status="error"
        title={texts.loadFailed}
        subTitle={message}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return <>{children(query.data)}</>;
}
