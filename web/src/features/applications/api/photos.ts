import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { photoUrlQuery } from '@/lib/photo-url';
import { nextPhotos } from './review';

/**
 * The photo queue for one viewer: the photo to decide and, fetched at once in the background, the
 * bytes of the one after it, so the next photo appears the moment a decision is made.
 */
export function usePhotoQueue(viewer: string, skip: readonly number[]) {
  const client = useQueryClient();
  const queue = useQuery({
    queryKey: ['staff', 'photos', viewer, skip] as const,
    queryFn: () => nextPhotos({ skip: [...skip] }),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === viewer ? previous : undefined),
  });
  const following = queue.data?.following?.filePath ?? null;
  useEffect(() => {
    if (following) void client.prefetchQuery(photoUrlQuery(following));
  }, [client, following]);
  return queue;
}
