import { Alert, Card, Result, Skeleton, Space, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ReplyError } from '@/lib/request';
import { useScoring } from '../api/expert-review';
import { useApplicationFile } from '../api/file';
import { MaterialViewer } from '../components/file/MaterialViewer';
import { ConflictButton } from '../components/scoring/ConflictButton';
import { OtherScores } from '../components/scoring/OtherScores';
import { ScoreForm } from '../components/scoring/ScoreForm';
import { useViewer } from '../useViewer';
import '../applications.css';
import '../review.css';

/**
 * staff/scoring (?id=): one application's materials beside the programme's score sheet. The expert
 * reads, scores, saves a draft or submits; the other experts' scores appear once theirs is in. The
 * office opens the same screen to correct a score, with a reason.
 */
export default function ScoringPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const applicationId = Number.isInteger(id) && id > 0 ? id : null;
  const viewer = useViewer();
  const scoring = useScoring(viewer, applicationId);
  const file = useApplicationFile(viewer, applicationId);
  const office = viewer.endsWith(':zs_admin');
  const back = (
    <Link to={office ? '/admissions/ranking' : '/admissions/reviews'} className="file__back">
      <ArrowLeftOutlined aria-hidden /> {t(office ? 'scoring.backToRanking' : 'scoring.back')}
    </Link>
  );
  if (applicationId === null || scoring.isError) {
    return (
      <div className="page scoring">
        {back}
        <Result status="warning" title={scoring.error instanceof ReplyError ? scoring.error.message : t('file.notFound')} />
      </div>
    );
  }
  const view = scoring.data;
  if (!view) {
    return (
      <div className="page scoring">
        {back}
        <Skeleton active />
      </div>
    );
  }
  const who = `${view.name} (${view.applicantNumber})`;
  return (
    <div className="page scoring">
      {back}
      <div className="file__head">
        <div>
          <h1 className="page__title">{t('scoring.title', { name: view.name })}</h1>
          <Space wrap size={4}>
            <Tag>{view.applicantNumber}</Tag>
            <Tag color={view.mine.status === 'submitted' ? 'green' : view.mine.status === 'draft' ? 'gold' : 'default'}>{t(`scoring.status.${view.mine.status}`)}</Tag>
          </Space>
        </div>
        {!office && view.mine.status !== 'submitted' && !view.closed && <ConflictButton applicationId={view.applicationId} who={who} />}
      </div>
      {view.closed && <Alert className="file__notice" type="info" showIcon title={t(office ? 'scoring.closedOffice' : 'scoring.closed')} />}
      <div className="scoring__body">
        <Card size="small" title={t('file.tab.materials', { count: file.data?.materials.length ?? 0 })} className="scoring__materials">
          {file.data ? <MaterialViewer materials={file.data.materials} /> : <Skeleton active />}
        </Card>
        <Card size="small" title={t(office ? 'scoring.correction' : 'scoring.sheet')} className="scoring__sheet">
          <ScoreForm view={view} />
        </Card>
      </div>
      <Card size="small" title={t('scoring.othersTitle')} className="scoring__others">
        <OtherScores view={view} />
      </Card>
    </div>
  );
}
