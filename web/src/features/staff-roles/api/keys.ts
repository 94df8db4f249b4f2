/** Query keys of the Roles page: keyed by viewer, so another session never sees this one's reading. */
export const rolesKey = (...rest: unknown[]) => ['staff', 'roles', ...rest] as const;

export const ROLES_API = '/mucgrs-service/staff/roles';
