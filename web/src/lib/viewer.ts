import { useSession } from '@/lib/session';

/**
 * Who is looking, as the back office's queries are keyed: the account and its active role. After a
 * sign-out and another sign-in, or a role switch, in the same tab, nothing of the previous scope is
 * drawn while the new one loads.
 */
export function useViewer(): string {
  const userId = useSession((s) => s.user?.userId ?? 0);
  const role = useSession((s) => s.roles[0] ?? '');
  return `${userId}:${role}`;
}
