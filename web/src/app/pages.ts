import type { ComponentMap } from './menu-routes';

/**
 * Business pages by contract component id (contract/src/menus.ts). None exists yet: the doctoral
 * pages come in a later issue. A component id missing here is not routed, so its menu group stays
 * hidden even when the server grants it. Add entries as `'doctorRegister/apply': () => import(...)`.
 */
export const PAGE_COMPONENTS: ComponentMap = {};
