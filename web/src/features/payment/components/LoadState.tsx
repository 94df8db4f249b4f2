import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReplyCode } from '@gradus/contract/codes';
import { ReplyError } from '@/lib/request';

/** Loading, refused and failed states of a payment call; the server's own message is shown when it sent one. */
export function LoadState({ pending, error, retry }: { pending: boolean; error: unknown; retry: () => unknown }) {
  const { t } = useTranslation();
  if (pending) return <Skeleton active paragraph={{ rows: 5 }} aria-label={t('payment.loading')} />;
  const message = error instanceof ReplyError ? error.message : undefined;
  if (error instanceof ReplyError && error.code === ReplyCode.FORBIDDEN) return <Result status="info" title={t('payment.refused')} subTitle={message} />;
  return (
    <Result
      status="error"
      title={t('payment.loadFailed')}
      subTitle={message}
      extra={
        <Button type="primary" onClick={() => void retry()}>
          {t('payment.retry')}
        </Button>
      }
    />
  );
}
