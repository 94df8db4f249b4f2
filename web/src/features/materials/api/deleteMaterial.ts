import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/request';

/** Only the applicant's own files; the stored file goes too. */
export const deleteMaterial = (fileId: number) => post<unknown>('/mucgrs-service/doctor/materials/delete', { fileId });

export function useDeleteMaterial() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteMaterial, onSettled: () => client.invalidateQueries({ queryKey: ['doctor'] }) });
}
