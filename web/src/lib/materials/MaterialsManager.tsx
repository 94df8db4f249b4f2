import type { MaterialPhase, MaterialsView } from '@gradus/contract/doctor/materials-api';
import { Alert, Button, Empty, Progress, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReplyError } from '@/lib/request';
import { useMaterials, type MaterialsEndpoints } from './api';
import { CategoryCard } from './CategoryCard';
import './materials.css';

/** How far the applicant is: "4 of 6 required categories uploaded", and whether they can still change them. */
function Summary({ view }: { view: MaterialsView }) {
  const { t } = useTranslation();
  return (
    <div className="materials__summary">
      {view.requiredCount > 0 && (
        <div className="materials__count" role="status">
          <span>{t('materials.requiredCount', { done: view.requiredDone, total: view.requiredCount })}</span>
          <Progress
            percent={Math.round((view.requiredDone / view.requiredCount) * 100)}
            status={view.requiredDone === view.requiredCount ? 'success' : 'active'}
            showInfo={false}
            aria-label={t('materials.requiredCount', { done: view.requiredDone, total: view.requiredCount })}
          />
        </div>
      )}
      {view.lock === 'submitted' && <Alert type="info" showIcon title={t('materials.locked.submitted')} />}
      {view.lock === 'notSubmitted' && <Alert type="warning" showIcon title={t('materials.locked.notSubmitted')} />}
    </div>
  );
}

/** Every area's materials page (fileManage, fileManage2, summerCampUploadFile): one phase on the area's calls. */
export function MaterialsManager({ phase, api, title, lead }: { phase: MaterialPhase; api: MaterialsEndpoints; title: string; lead: string }) {
  const { t } = useTranslation();
  const query = useMaterials(api, phase);
  return (
    <div className="page materials">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{lead}</p>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} aria-label={t('common.loading')} />
      ) : query.isError ? (
        <Result
          status="error"
          title={t('materials.loadFailed')}
          subTitle={query.error instanceof ReplyError ? query.error.message : undefined}
          extra={
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <Summary view={query.data} />
          {query.data.categories.length === 0 ? (
            <Empty description={t('materials.noCategories')} />
          ) : (
            <div className="materials__cards">
              {query.data.categories.map((c) => (
                <CategoryCard key={c.key} category={c} photoRules={query.data.photoRules} api={api} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
