import { Alert, Card, Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampResultView } from '@gradus/contract/summer-camp/qualification';
import { campOutcome, type CampOutcome } from './camp-result';
import './camp-result.css';

const STATUS: Record<CampOutcome, ResultProps['status']> = { outstanding: 'success', passed: 'success', attended: 'info', absent: 'warning' };

/**
 * A released camp result as the camper reads it, on their qualification page and in the office's
 * "view as applicant": the outcome, then plainly that it is not an admission and counts only through
 * the national recommended-exemption system, within its dates, for the same programme.
 */
export function CampResultCard({ result }: { result: CampResultView }) {
  const { t } = useTranslation();
  const outcome = campOutcome(result);
  return (
    <Card className="camp-result" title={<h2 className="camp-result__heading">{t('campResult.title')}</h2>}>
      <Result className="camp-result__outcome" status={STATUS[outcome]} title={t(`campResult.outcome.${outcome}`)} subTitle={t(`campResult.hint.${outcome}`)} />
      <Alert
        type="warning"
        showIcon
        title={t('campResult.notAdmission.title')}
        description={
          <>
            <p className="camp-result__line">{t('campResult.notAdmission.body')}</p>
            {result.nationalSystemWindow && <p className="camp-result__line camp-result__window">{t('campResult.window', { window: result.nationalSystemWindow })}</p>}
          </>
        }
      />
    </Card>
  );
}
