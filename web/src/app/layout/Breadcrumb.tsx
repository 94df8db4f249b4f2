import { Breadcrumb as AntBreadcrumb } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMatchedMeta } from '../route-meta';

/** Dashboard first, then the matched group and page; only the dashboard is a link. */
export function Breadcrumb() {
  const { t } = useTranslation();
  const metas = useMatchedMeta().filter((m) => m.title !== 'route.dashboard' && !m.noTag);
  const items = [
    { key: 'dashboard', title: metas.length ? <Link to="/dashboard">{t('route.dashboard')}</Link> : t('route.dashboard') },
    ...metas.map((m, i) => ({ key: `${m.title}-${i}`, title: t(m.title) })),
  ];
  return (
    <nav aria-label={t('navbar.breadcrumb')} className="navbar__breadcrumb">
      <AntBreadcrumb items={items} />
    </nav>
  );
}
