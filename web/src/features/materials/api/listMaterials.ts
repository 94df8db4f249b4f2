import { useQuery } from '@tanstack/react-query';
import type { MaterialPhase, MaterialsView } from '@gradus/contract/doctor/materials-api';
import { post } from '@/lib/request';

/** One phase's categories with the applicant's files and what the server allows now. */
export const listMaterials = (phase: MaterialPhase) => post<MaterialsView>('/mucgrs-service/doctor/materials/list', { phase });
export const materialsKey = (phase: MaterialPhase) => ['doctor', 'materials', phase] as const;
export const materialsQuery = (phase: MaterialPhase) => ({ queryKey: materialsKey(phase), queryFn: () => listMaterials(phase) });
export const useMaterials = (phase: MaterialPhase) => useQuery(materialsQuery(phase));
