import { Alert, Drawer, Grid, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScoreRowView } from '@gradus/contract/api/staff-scores';
import type { AdmissionArea } from '@gradus/contract/areas';
import { useUniversityTime } from '@/lib/university-time';
import { useScoreHistory } from '../api/scores';

/** Every value an applicant's scores have had, newest first: which score, the value it replaced, who, when, why and how. */
export function HistoryDrawer({ area, recruitYear, row, onClose }: { area: AdmissionArea; recruitYear: string; row: ScoreRowView; onClose: () => void }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const screens = Grid.useBreakpoint();
  const history = useScoreHistory(area, recruitYear, row.applicantNumber);
  return (
    <Drawer open title={t('scores.history.title', { number: row.applicantNumber, name: row.name })} onClose={onClose} size={screens.md ? 520 : '100%'} destroyOnHidden>
      {history.isError && <Alert type="error" showIcon title={t('scores.loadFailed')} />}
      <List
        loading={history.isLoading}
        dataSource={history.data?.versions ?? []}
        locale={{ emptyText: t('scores.history.empty') }}
        renderItem={(v) => (
          <List.Item>
            <List.Item.Meta
              title={
                <span>
                  <Tag>{t(`scores.kind.${v.kind}`)}</Tag>
                  {v.previous === null ? t('scores.history.first', { score: v.score, max: v.maxScore }) : t('scores.history.changed', { previous: v.previous, score: v.score, max: v.maxScore })}
                </span>
              }
              description={
                <>
                  <div>
                    {time.plain(v.at)} · {v.by ? t('scores.history.by', { name: v.by.name, login: v.by.loginName }) : t('scores.history.byPortal')} · {t(`scores.source.${v.source}`)}
                  </div>
                  {v.reason && <div>{t('scores.history.reason', { reason: v.reason })}</div>}
                </>
              }
            />
          </List.Item>
        )}
      />
      <p className="scores__zone">{t('scores.timeZone')}</p>
    </Drawer>
  );
}
