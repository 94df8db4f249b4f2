import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForcedSignOutRequest } from '@gradus/contract/api/staff-logs';
import { post } from '@/lib/request';
import { logsKey } from './keys';

/**
 * Ends someone else's session at once. The list is fetched again afterwards, refused or not: a
 * refusal usually means the session had already ended. Silent: the dialog shows the refusal.
 */
export function useForcedSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ForcedSignOutRequest) => post<null>('/mucgrs-service/staff/sessions/signOut', body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: logsKey('online') }),
  });
}
