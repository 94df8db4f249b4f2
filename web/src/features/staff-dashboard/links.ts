import type { ApplicationListRequest } from '@gradus/contract/api/staff';
import { STAFF_MENU_TREE } from '@gradus/contract/menus';

/** Where a back-office page lives, from the contract's menu tree, so a link cannot drift from the route. */
export function staffPagePath(component: string): string {
  for (const group of STAFF_MENU_TREE) {
    const page = group.children.find((p) => p.component === component);
    if (page) return `${group.path}/${page.path}`;
  }
  throw new Error(`no staff page ${component}`);
}

/** The applications list filtered as a count was counted: the same area and cycle, and the count's filter. */
export function listLink(filters: ApplicationListRequest): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) params.set(key, String(value));
  return `${staffPagePath('staff/applications')}?${params}`;
}
