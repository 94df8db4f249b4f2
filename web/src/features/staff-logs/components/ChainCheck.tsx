import { Alert, Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { useVerifyAuditChain } from '../api/verify';

const SHORT_HASH = 12;

/**
 * Checks the audit trail's hash chain on request. Intact, it shows the newest hash in full: written
 * down elsewhere, it later shows whether the newest entries were rewritten too, which the chain
 * alone cannot.
 */
export function ChainCheck() {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const verify = useVerifyAuditChain();
  const chain = verify.data;

  return (
    <div className="logs__chain">
      <Button icon={<SafetyCertificateOutlined aria-hidden />} loading={verify.isPending} onClick={() => verify.mutate()}>
        {t('logs.chain.check')}
      </Button>
      <div aria-live="polite">
        {verify.isError && (
          <Alert className="logs__notice" type="error" showIcon title={verify.error instanceof ReplyError ? verify.error.message : t('logs.chain.failed')} />
        )}
        {chain && !verify.isPending && chain.intact && (
          <Alert
            className="logs__notice"
            type="success"
            showIcon
            title={
              chain.newestHash
                ? t('logs.chain.intact', { count: chain.entries, hash: `${chain.newestHash.slice(0, SHORT_HASH)}…` })
                : t('logs.chain.intactEmpty', { count: chain.entries })
            }
            description={
              chain.newestHash && (
                <>
                  {t('logs.chain.writeDown')} <code className="logs__hash">{chain.newestHash}</code>
                </>
              )
            }
          />
        )}
        {chain && !verify.isPending && !chain.intact && (
          <Alert
            className="logs__notice"
            type="error"
            showIcon
            title={
              chain.firstBroken
                ? t('logs.chain.broken', {
                    id: chain.firstBroken.id,
                    event: t(`logs.event.${chain.firstBroken.event}`, { defaultValue: chain.firstBroken.event }),
                    time: time.plain(chain.firstBroken.at),
                  })
                : t('logs.chain.brokenSomewhere')
            }
            description={t('logs.chain.brokenExplain', { count: chain.entries })}
          />
        )}
      </div>
    </div>
  );
}
