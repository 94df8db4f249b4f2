import { useQuery } from '@tanstack/react-query';
import type { TmsCatalogueView } from '@gradus/contract/tuimian/form';
import { post } from '@/lib/request';

/** The master's and doctoral programmes with their directions and supervisors, and the applicant's own camp results. Kept a while. */
export const getTmsCatalogue = () => post<TmsCatalogueView>('/mucgrs-service/tms/form/catalogue');
export const useTmsCatalogue = () => useQuery({ queryKey: ['tms', 'form', 'catalogue'] as const, queryFn: getTmsCatalogue, staleTime: 5 * 60_000 });
