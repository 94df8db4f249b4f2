import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaterialUploadView } from '@gradus/contract/doctor/materials-api';
import { upload } from '@/lib/request';

export interface MaterialUpload {
  category: string;
  file: File;
  /** A file of the same category the upload takes the place of. */
  replaceFileId?: number;
}

/** Multipart with the category (and replaceFileId) BEFORE the file: the server judges them before reading the bytes. */
export function uploadMaterial({ category, file, replaceFileId }: MaterialUpload, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('category', category);
  if (replaceFileId !== undefined) form.append('replaceFileId', String(replaceFileId));
  form.append('file', file, file.name);
  return upload<MaterialUploadView>('/mucgrs-service/doctor/materials/upload', form, onProgress);
}

/** Every materials view and the photo review change with an upload (counts, photo status). */
export function useUploadMaterial(onProgress?: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: MaterialUpload) => uploadMaterial(v, onProgress),
    onSettled: () => client.invalidateQueries({ queryKey: ['doctor'] }),
  });
}
