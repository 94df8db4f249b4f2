import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/request';

export const accountsKey = (...rest: unknown[]) => ['staff', 'accounts', ...rest] as const;

/**
 * A change to an account: the list and the requests waiting are fetched again afterwards, refused
 * or not (a refusal may mean someone else changed the account meanwhile). Silent: the dialog that
 * asked shows the refusal.
 */
export function useAccountChange<B, R>(call: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<R>(`/mucgrs-service/staff/accounts/${call}`, body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: accountsKey() }),
    // Not kept once its dialog is gone: a one-time password must not linger in the mutation cache.
    gcTime: 0,
  });
}
