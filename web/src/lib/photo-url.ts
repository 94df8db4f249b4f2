import { useQuery } from '@tanstack/react-query';
import { fetchImageDataUrl } from './download';

/** A stored photo's bytes as an image source: one cache entry per file, kept (a file's bytes never change). */
export const photoUrlQuery = (filePath: string | null) => ({
  queryKey: ['files', 'photo', filePath] as const,
  queryFn: () => fetchImageDataUrl(filePath!),
  enabled: !!filePath,
  staleTime: Infinity,
});

/** The photo at `filePath` as an image source, or null while loading or when it cannot be read. */
export function usePhotoUrl(filePath: string | null): { url: string | null; failed: boolean } {
  const query = useQuery(photoUrlQuery(filePath));
  return { url: query.data ?? null, failed: query.isError };
}
