import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdmissionKind, AdmissionSaveRequest, AdmissionSaveView } from '@gradus/contract/doctor/admission';
import { post } from '@/lib/request';
import { admissionDetailKey } from './admissionDetail';

export const saveAdmission = <K extends AdmissionKind>(body: AdmissionSaveRequest<K>) =>
  post<AdmissionSaveView>('/mucgrs-service/doctor/admission/save', body);

export function useSaveAdmission<K extends AdmissionKind>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: AdmissionSaveRequest<K>['data']) => saveAdmission<K>({ kind, data }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: admissionDetailKey(kind) });
      // The paper letter's suggestions come from the archive record.
      if (kind === 'archive') await client.invalidateQueries({ queryKey: admissionDetailKey('paperLetter') });
    },
  });
}
