import { useSession } from '@/lib/session';

/**
 * Who is looking, as the back office's queries are keyed: after a sign-out and another sign-in in
 * the same tab, no row the previous account was shown is drawn while the new list loads.
 */
export function useViewer(): string {
  const userId = useSession((s) => s.user?.userId ?? 0);
  const role = useSession((s) => s.roles[0] ?? '');
  return `${userId}:${role}`;
}
