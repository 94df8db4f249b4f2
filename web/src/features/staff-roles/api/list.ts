import { useQuery } from '@tanstack/react-query';
import type { StaffRoleListView } from '@gradus/contract/api/staff-roles';
import { post } from '@/lib/request';
import { ROLES_API, rolesKey } from './keys';

export const listRoles = () => post<StaffRoleListView>(`${ROLES_API}/list`, {}, { silent: true });

/** The four staff roles, each with the pages and buttons its policy allows and which of them are granted. */
export const useRoles = (viewer: string) => useQuery({ queryKey: rolesKey('list', viewer), queryFn: listRoles });
