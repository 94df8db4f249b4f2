import { Alert, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TmsInterviewOutcome } from '@gradus/contract/tuimian/interview';

/**
 * The released result. A pass is not yet an admission: the place is confirmed only through the
 * national recommended-exemption system, so a pass says so plainly. With no result recorded for an
 * interviewee (outcome null), the page says whom to ask.
 */
export function InterviewResult({ outcome }: { outcome: TmsInterviewOutcome | null }) {
  const { t } = useTranslation();
  const body =
    outcome === null ? (
      <Result status="info" title={t('tmsInterview.result.none')} subTitle={t('tmsInterview.result.noneHint')} />
    ) : (
      <Result status={outcome === 'pass' ? 'success' : 'warning'} title={t(`tmsInterview.result.${outcome}`)} subTitle={t(`tmsInterview.result.${outcome}Hint`)} />
    );
  return (
    <Card className="tms-interview__card" title={<h2 className="info-page__heading">{t('tmsInterview.result.title')}</h2>}>
      {body}
      {outcome === 'pass' && <Alert type="warning" showIcon title={t('tmsInterview.national.title')} description={t('tmsInterview.national.body')} />}
    </Card>
  );
}
