import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleSaveRequest, RoleSaveResult, StaffRoleListView } from '@gradus/contract/api/staff-roles';
import { post } from '@/lib/request';
import { ROLES_API, rolesKey } from './keys';

export const saveRole = (body: RoleSaveRequest) => post<RoleSaveResult>(`${ROLES_API}/save`, body, { silent: true });

/** Saves one role's whole grant; the stored role replaces the one read, so the next save carries its new version. */
export function useSaveRole(viewer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSuccess: ({ role }) =>
      client.setQueryData<StaffRoleListView>(rolesKey('list', viewer), (list) => (list ? { roles: list.roles.map((r) => (r.roleKey === role.roleKey ? role : r)) } : list)),
  });
}
