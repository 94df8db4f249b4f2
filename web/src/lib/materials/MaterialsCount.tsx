import { Card, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMaterials, type MaterialsEndpoints } from './api';
import { useCategoryName } from './CategoryCard';
import '@/lib/ui/info-page.css';
import './materials.css';

/**
 * An area's application materials in brief, on its information page: how many required categories
 * are done, each category's file count, and the way to the materials page (`path`).
 */
export function MaterialsCount({ api, path }: { api: MaterialsEndpoints; path: string }) {
  const { t } = useTranslation();
  const categoryName = useCategoryName();
  const query = useMaterials(api, 'application');
  const view = query.data;
  return (
    <Card title={<h2 className="info-page__heading">{t('campInfo.materials.title')}</h2>}>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} aria-label={t('common.loading')} />
      ) : !view ? (
        <p>{t('campInfo.materials.loadFailed')}</p>
      ) : (
        <>
          {view.requiredCount > 0 && <p className="info-page__hint info-page__hint--top">{t('materials.requiredCount', { done: view.requiredDone, total: view.requiredCount })}</p>}
          <ul className="materials-count">
            {view.categories.map((c) => (
              <li key={c.key}>
                <span className="materials-count__name">{categoryName(c.key)}</span>
                {c.required ? <Tag color="red">{t('materials.required')}</Tag> : <Tag>{t('materials.optional')}</Tag>}
                <span>{(c.minFiles ?? 1) > 1 ? t('materials.fileCount', { done: c.files.length, total: c.minFiles }) : t('campInfo.materials.uploaded', { count: c.files.length })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to={path}>{t('campInfo.materials.link')}</Link>
    </Card>
  );
}
