import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MaterialPhase, MaterialsView, MaterialUploadView } from '@gradus/contract/doctor/materials-api';
import { post, upload } from '@/lib/request';

/**
 * Where an area's materials calls live ('/mucgrs-service/doctor/materials') and the query key its
 * views sit under: an upload or a deletion refreshes everything of the area (counts on the form,
 * the photo review), so every call of the area shares the root.
 */
export interface MaterialsEndpoints {
  base: string;
  keyRoot: string;
}

/** One phase's categories with the applicant's files and what the server allows now. */
export const listMaterials = (api: MaterialsEndpoints, phase: MaterialPhase) => post<MaterialsView>(`${api.base}/list`, { phase });
export const materialsKey = (api: MaterialsEndpoints, phase: MaterialPhase) => [api.keyRoot, 'materials', phase] as const;
export const useMaterials = (api: MaterialsEndpoints, phase: MaterialPhase) => useQuery({ queryKey: materialsKey(api, phase), queryFn: () => listMaterials(api, phase) });

export interface MaterialUpload {
  category: string;
  file: File;
  /** A file of the same category the upload takes the place of. */
  replaceFileId?: number;
}

/** Multipart with the category (and replaceFileId) BEFORE the file: the server judges them before reading the bytes. */
export function uploadMaterial(api: MaterialsEndpoints, { category, file, replaceFileId }: MaterialUpload, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('category', category);
  if (replaceFileId !== undefined) form.append('replaceFileId', String(replaceFileId));
  form.append('file', file, file.name);
  return upload<MaterialUploadView>(`${api.base}/upload`, form, onProgress);
}

export function useUploadMaterial(api: MaterialsEndpoints, onProgress?: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: MaterialUpload) => uploadMaterial(api, v, onProgress),
    onSettled: () => client.invalidateQueries({ queryKey: [api.keyRoot] }),
  });
}

/** Only the applicant's own files; the stored file goes too. */
export const deleteMaterial = (api: MaterialsEndpoints, fileId: number) => post<unknown>(`${api.base}/delete`, { fileId });

export function useDeleteMaterial(api: MaterialsEndpoints) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (fileId: number) => deleteMaterial(api, fileId), onSettled: () => client.invalidateQueries({ queryKey: [api.keyRoot] }) });
}
