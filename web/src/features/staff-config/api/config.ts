import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfigEntryView, ConfigListView, ConfigUpdateRequest } from '@gradus/contract/api/staff-config';
import { post } from '@/lib/request';

export const configKey = (...rest: unknown[]) => ['staff', 'config', ...rest] as const;

/** Every area's configuration values (a secret only as set or not). */
export const getConfig = () => post<ConfigListView>('/mucgrs-service/staff/config/list', {});
export const useConfig = (viewer: string) => useQuery({ queryKey: configKey('list', viewer), queryFn: getConfig });

/**
 * One value; the list is fetched again afterwards, refused or not (a refusal may mean someone else
 * changed it meanwhile). Silent: the dialog that asked shows the refusal.
 */
export function useUpdateConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfigUpdateRequest) => post<ConfigEntryView>('/mucgrs-service/staff/config/update', body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: configKey('list') }),
    // A secret typed into the dialog must not linger in the mutation cache.
    gcTime: 0,
  });
}
