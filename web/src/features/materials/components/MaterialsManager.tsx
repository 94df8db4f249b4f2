import type { MaterialPhase, MaterialsView } from '@gradus/contract/doctor/materials-api';
import { Alert, Button, Empty, Progress, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReplyError } from '@/lib/request';
import { useMaterials } from '../api/listMaterials';
import { CategoryCard } from './CategoryCard';
import '../materials.css';

const TITLE: Record<MaterialPhase, string> = {
  application: 'menu.doctorRegister.fileManage',
  supplementary: 'menu.doctorRegister.fileManage2',
};

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

/** fileManage and fileManage2: the same page for the application and the supplementary phase. */
export function MaterialsManager({ phase }: { phase: MaterialPhase }) {
  const { t } = useTranslation();
  const query = useMaterials(phase);
  return (
    <div className="page materials">
      <h1 className="page__title">{t(TITLE[phase])}</h1>
      <p className="page__lead">{t(`materials.lead.${phase}`)}</p>
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
                <CategoryCard key={c.key} category={c} photoRules={query.data.photoRules} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
