import { Alert, Card, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScoringView } from '@gradus/contract/api/staff-scoring';
import { useApplicationFile } from '../../api/file';
import { MaterialViewer } from '../file/MaterialViewer';
import { ConflictButton } from './ConflictButton';
import { OtherScores } from './OtherScores';
import { ScoreForm } from './ScoreForm';

const STATUS_COLOURS = { notStarted: 'default', draft: 'gold', submitted: 'green' } as const;

/**
 * One application's materials beside the programme's score sheet, and the other experts' scores
 * once the caller's own is in: the same screen for a signed-in expert, the office correcting a
 * score, and an external expert on their review link.
 */
export function ScoringWorkspace({ view, viewer, office, onConflictDeclared }: { view: ScoringView; viewer: string; office: boolean; onConflictDeclared: () => void }) {
  const { t } = useTranslation();
  const file = useApplicationFile(viewer, view.applicationId);
  const who = `${view.name} (${view.applicantNumber})`;
  return (
    <>
      <div className="file__head">
        <div>
          <h1 className="page__title">{t('scoring.title', { name: view.name })}</h1>
          <Space wrap size={4}>
            <Tag>{view.applicantNumber}</Tag>
            <Tag color={STATUS_COLOURS[view.mine.status]}>{t(`scoring.status.${view.mine.status}`)}</Tag>
          </Space>
        </div>
        {!office && view.mine.status !== 'submitted' && !view.closed && <ConflictButton applicationId={view.applicationId} who={who} onDeclared={onConflictDeclared} />}
      </div>
      {view.closed && <Alert className="file__notice" type="info" showIcon title={t(office ? 'scoring.closedOffice' : 'scoring.closed')} />}
      <div className="scoring__body">
        <Card size="small" title={t('file.tab.materials', { count: file.data?.materials.length ?? 0 })} className="scoring__materials">
          {file.data ? <MaterialViewer materials={file.data.materials} /> : file.isError ? <Alert type="error" showIcon title={t('file.materials.unreadable')} /> : <Skeleton active />}
        </Card>
        <Card size="small" title={t(office ? 'scoring.correction' : 'scoring.sheet')} className="scoring__sheet">
          <ScoreForm view={view} />
        </Card>
      </div>
      <Card size="small" title={t('scoring.othersTitle')} className="scoring__others">
        <OtherScores view={view} />
      </Card>
    </>
  );
}
