import { useQuery } from '@tanstack/react-query';
import { fetchImageDataUrl } from '@/lib/download';

/** The photo at `filePath` as an image source, or null while loading or when it cannot be read. */
export function usePhotoUrl(filePath: string | null): { url: string | null; failed: boolean } {
  const query = useQuery({
    queryKey: ['doctor', 'materials', 'photo', filePath],
    queryFn: () => fetchImageDataUrl(filePath!),
    enabled: !!filePath,
    staleTime: Infinity,
  });
  return { url: query.data ?? null, failed: query.isError };
}
