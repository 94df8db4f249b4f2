import { Result, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RoleKey } from '@gradus/contract/codes';
import { ReplyError } from '@/lib/request';
import { useSession } from '@/lib/session';
import { useScoring } from '../api/expert-review';
import { ScoringWorkspace } from '../components/scoring/ScoringWorkspace';
import { useViewer } from '@/lib/viewer';
import '../applications.css';
import '../review.css';

/**
 * staff/scoring (?id=): one application's materials beside the programme's score sheet. The expert
 * reads, scores, saves a draft or submits; the other experts' scores appear once theirs is in. The
 * office opens the same screen to correct a score, with a reason.
 */
export default function ScoringPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const applicationId = Number.isInteger(id) && id > 0 ? id : null;
  const viewer = useViewer();
  const scoring = useScoring(viewer, applicationId);
  // Where the screen was opened from: the office's ranked lists, or an expert's own list.
  const office = useSession((s) => s.roles[0]) === RoleKey.ADMIN;
  const list = office ? '/admissions/ranking' : '/admissions/reviews';
  const back = (
    <Link to={list} className="file__back">
      <ArrowLeftOutlined aria-hidden /> {t(office ? 'scoring.backToRanking' : 'scoring.back')}
    </Link>
  );
  const view = scoring.data;
  return (
    <div className="page scoring">
      {back}
      {applicationId === null || scoring.isError ? (
        <Result status="warning" title={scoring.error instanceof ReplyError ? scoring.error.message : t('file.notFound')} />
      ) : view ? (
        // The server says whether this is the office's correction (reasonRequired), not the role's name.
        <ScoringWorkspace view={view} viewer={viewer} office={view.reasonRequired} onConflictDeclared={() => void navigate(list)} />
      ) : (
        <Skeleton active />
      )}
    </div>
  );
}
