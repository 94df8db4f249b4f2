import { Alert, Button, Card, Skeleton, Steps, Tag } from 'antd';
import type { JourneyStageView, JourneyView, StageState } from '@gradus/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUniversityTime } from '@/lib/university-time';
import { useJourney } from '../api/journey';

const STEP_STATUS: Record<StageState, 'finish' | 'process' | 'wait' | 'error'> = {
  done: 'finish',
  current: 'process',
  upcoming: 'wait',
  failed: 'error',
  notReached: 'wait',
};

function StageDates({ stage }: { stage: JourneyStageView }) {
  const { t } = useTranslation();
  // The timeline says once, under its dates, that they are Beijing time.
  const { plain } = useUniversityTime();
  const opens = stage.opensAt && plain(stage.opensAt);
  const closes = stage.closesAt && plain(stage.closesAt);
  if (!opens && !closes) return null;
  return (
    <span className="journey__dates">
      {opens && closes ? t('journey.window', { opens, closes }) : opens ? t('journey.opens', { opens }) : t('journey.closes', { closes })}
    </span>
  );
}

function NextStep({ next }: { next: JourneyView['next'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { moment } = useUniversityTime();
  const deadline = next.deadline && moment(next.deadline);
  const urgent = next.action !== 'nothing' && next.action !== 'waitForReview' && next.action !== 'registrationClosed' && next.action !== 'notPassed';
  // A result that ends the road is said plainly, without the alarm of a warning.
  const type = next.action === 'registrationClosed' ? 'warning' : urgent || next.action === 'notPassed' ? 'info' : 'success';
  return (
    <Alert
      className="journey__next"
      type={type}
      showIcon
      title={t(`journey.next.${next.action}`)}
      description={deadline ? t('journey.deadline', { deadline }) : undefined}
      action={
        next.route ? (
          <Button type="primary" onClick={() => navigate(next.route!)}>
            {t(next.action === 'notPassed' ? 'journey.seeResult' : 'journey.go')}
          </Button>
        ) : undefined
      }
    />
  );
}

/** The dashboard's doctoral timeline: every stage with its dates, where the applicant stands, the next step. */
export function JourneyTimeline() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useJourney(true);
  if (isPending) return <Skeleton active />;
  if (isError || !data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('journey.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('journey.retry')}</Button>}
      />
    );
  }
  return (
    <Card title={t('journey.title')} className="journey">
      <NextStep next={data.next} />
      <Steps
        className="journey__steps"
        orientation="vertical"
        size="small"
        current={data.stages.findIndex((s) => s.stage === data.current)}
        items={data.stages.map((s) => ({
          status: STEP_STATUS[s.state],
          title: (
            <span>
              {t(`journey.stage.${s.stage}`)}{' '}
              {s.state === 'current' && <Tag className="journey__tag journey__tag--current">{t('journey.youAreHere')}</Tag>}
              {s.state === 'failed' && <Tag className="journey__tag journey__tag--failed">{t('journey.state.failed')}</Tag>}
            </span>
          ),
          content: <StageDates stage={s} />,
        }))}
      />
      <p className="journey__zone">{t('time.allBeijing')}</p>
    </Card>
  );
}
