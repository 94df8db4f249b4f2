import { useQuery } from '@tanstack/react-query';
import type { AdmissionDetailView, AdmissionKind } from '@gradus/contract/doctor/admission';
import { post } from '@/lib/request';

/**
 * One kind of admission paperwork with its lock and tracking number. Silent: the page shows a
 * refusal ("not available at your stage") in place rather than as a toast.
 */
export const getAdmissionDetail = <K extends AdmissionKind>(kind: K) =>
  post<AdmissionDetailView<K>>('/mucgrs-service/doctor/admission/detail', { kind }, { silent: true });
export const admissionDetailKey = (kind: AdmissionKind) => ['doctor', 'admission', kind] as const;
export const useAdmissionDetail = <K extends AdmissionKind>(kind: K) =>
  useQuery({ queryKey: admissionDetailKey(kind), queryFn: () => getAdmissionDetail(kind) });
