import { useQuery } from '@tanstack/react-query';
import { FILE_BYTE_URL } from '@/lib/download';
import { http } from '@/lib/request';

/** The stored photo's bytes through getFileByte, for a thumbnail (no window, no toast on failure). */
export async function fetchPhoto(filePath: string): Promise<string> {
  const res = await http.post<Blob>(FILE_BYTE_URL, { filePath }, { responseType: 'blob', timeout: 0, silent: true });
  if (res.status !== 200 || !res.data.type.startsWith('image/')) throw new Error('not an image');
  // A data URL needs no revoking, so the cached thumbnail outlives any one view safely (the photo is at most a few hundred KB).
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(res.data);
  });
}

/** The photo at `filePath` as an image source, or null while loading or when it cannot be read. */
export function usePhotoUrl(filePath: string | null): { url: string | null; failed: boolean } {
  const query = useQuery({
    queryKey: ['doctor', 'materials', 'photo', filePath],
    queryFn: () => fetchPhoto(filePath!),
    enabled: !!filePath,
    staleTime: Infinity,
  });
  return { url: query.data ?? null, failed: query.isError };
}
