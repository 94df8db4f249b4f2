import type { ComponentType } from 'react';
import { MENU_TREE, STAFF_MENU_TREE, type MenuGroupBase } from '@gradus/contract/menus';
import type { MenuView } from '@gradus/contract/api/user';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;
/** Contract component id (e.g. `doctorRegister/apply`) -> lazily loaded page. */
export type ComponentMap = Readonly<Record<string, PageLoader>>;

export interface MenuPage {
  name: string;
  /** Full path, e.g. /doctorRegister/fileManage. */
  path: string;
  /** Path relative to the group. */
  segment: string;
  component: string;
  loader: PageLoader;
  hidden: boolean;
  noCache: boolean;
}

export interface MenuGroup {
  name: string;
  path: string;
  icon: string;
  single: boolean;
  hidden: boolean;
  children: MenuPage[];
}

/**
 * Builds the menu groups the user may open: a group needs its title in the menu authority, a page its
 * own title too and a page component that exists. Hidden rows are routed but not shown (spec 2).
 * Two groups may share a path (/doctorRegister); their pages differ.
 */
export function buildMenuGroups(
  menus: readonly MenuView[],
  components: ComponentMap,
  tree: readonly MenuGroupBase[] = [...MENU_TREE, ...STAFF_MENU_TREE],
): MenuGroup[] {
  const byName = new Map(menus.map((m) => [m.menuName, m]));
  const groups: { group: MenuGroup; order: number }[] = [];
  tree.forEach((def, index) => {
    const row = byName.get(def.name);
    if (!row) return;
    const children: MenuPage[] = [];
    for (const page of def.children) {
      const pageRow = def.single ? row : byName.get(page.name);
      const loader = components[page.component];
      if (!pageRow || !loader) continue;
      children.push({
        name: page.name,
        path: `${def.path}/${page.path}`,
        segment: page.path,
        component: page.component,
        loader,
        hidden: Boolean(page.hidden) || pageRow.visible === '1',
        noCache: Boolean(page.noCache) || pageRow.isCache === '1',
      });
    }
    if (children.length === 0) return;
    groups.push({
      group: { name: def.name, path: def.path, icon: def.icon, single: Boolean(def.single), hidden: row.visible === '1', children },
      order: row.orderNum * 1000 + index,
    });
  });
  return groups.sort((a, b) => a.order - b.order).map((g) => g.group);
}

/** Groups shown in the sidebar: granted, not hidden, with at least one visible page. */
export function visibleGroups(groups: readonly MenuGroup[]): MenuGroup[] {
  return groups
    .filter((g) => !g.hidden)
    .map((g) => ({ ...g, children: g.children.filter((c) => !c.hidden) }))
    .filter((g) => g.children.length > 0);
}
