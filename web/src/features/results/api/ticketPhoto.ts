import { useQuery } from '@tanstack/react-query';
import { fetchImageDataUrl } from '@/lib/download';

/** The ticket's ID photo (the same file the materials page shows); null leaves the empty frame, as on paper. */
export function useTicketPhoto(filePath: string | null): string | null {
  const query = useQuery({
    queryKey: ['doctor', 'results', 'ticketPhoto', filePath],
    queryFn: () => fetchImageDataUrl(filePath!),
    enabled: !!filePath,
    staleTime: Infinity,
    retry: false,
  });
  return query.data ?? null;
}
