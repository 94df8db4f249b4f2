import { useQuery } from '@tanstack/react-query';
import type { CatalogueView } from '@gradus/contract/doctor/form';
import { post } from '@/lib/request';

/** Departments -> doctoral programmes -> research directions -> supervisors. Reference data: kept a while. */
export const getCatalogue = () => post<CatalogueView>('/mucgrs-service/doctor/form/catalogue');
export const catalogueQuery = { queryKey: ['doctor', 'form', 'catalogue'] as const, queryFn: getCatalogue, staleTime: 10 * 60_000 };
export const useCatalogue = (enabled = true) => useQuery({ ...catalogueQuery, enabled });
