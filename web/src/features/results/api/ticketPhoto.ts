import { useQuery } from '@tanstack/react-query';
import { FILE_BYTE_URL } from '@/lib/download';
import { http } from '@/lib/request';

/**
 * The ticket's ID photo through getFileByte (the same call the materials page uses), as a data URL:
 * nothing to revoke, so the cached picture outlives any one view. Silent: a photo that cannot be
 * read leaves the empty frame, as on the printed ticket.
 */
export async function fetchTicketPhoto(filePath: string): Promise<string> {
  const res = await http.post<Blob>(FILE_BYTE_URL, { filePath }, { responseType: 'blob', timeout: 0, silent: true });
  if (res.status !== 200 || !res.data.type.startsWith('image/')) throw new Error('not an image');
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(res.data);
  });
}

export function useTicketPhoto(filePath: string | null): string | null {
  const query = useQuery({
    queryKey: ['doctor', 'results', 'ticketPhoto', filePath],
    queryFn: () => fetchTicketPhoto(filePath!),
    enabled: !!filePath,
    staleTime: Infinity,
    retry: false,
  });
  return query.data ?? null;
}
