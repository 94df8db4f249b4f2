import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { settingsStore } from '@/lib/settings';
import { visibleGroups } from '../menu-routes';
import { useRoutesInfo } from '../route-meta';
import { menuIcon } from './icons';

type Item = Required<MenuProps>['items'][number];

/** Menu entries come from the server's menu list (through the route table) (spec 2). */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { groups } = useRoutesInfo();
  const showLogo = settingsStore.use((s) => s.sidebarLogo);
  const shown = visibleGroups(groups);

  const items: Item[] = [
    { key: '/dashboard', icon: menuIcon('dashboard'), label: <Link to="/dashboard">{t('route.dashboard')}</Link> },
    ...shown.map<Item>((g) => {
      const only = g.children[0];
      if (g.single && only) return { key: only.path, icon: menuIcon(g.icon), label: <Link to={only.path}>{t(g.name)}</Link> };
      return {
        key: `group:${g.name}`,
        icon: menuIcon(g.icon),
        label: t(g.name),
        children: g.children.map((c) => ({ key: c.path, label: <Link to={c.path}>{t(c.name)}</Link> })),
      };
    }),
  ];
  const openGroup = shown.find((g) => g.children.some((c) => c.path === pathname));

  return (
    <div className="sidebar">
      {showLogo && (
        <Link to="/dashboard" className="sidebar__logo" aria-label={t('app.title')}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {!collapsed && <span className="sidebar__logo-title">{t('app.title')}</span>}
        </Link>
      )}
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={[pathname]}
        defaultOpenKeys={openGroup ? [`group:${openGroup.name}`] : []}
        className="sidebar__menu"
      />
    </div>
  );
}
