import { useQuery } from '@tanstack/react-query';
import type { CampCatalogueView } from '@gradus/contract/summer-camp/form';
import { post } from '@/lib/request';

/** The year's camps with their programmes, directions and supervisors. Kept a while; a camp closing shows on the next load. */
export const getCampCatalogue = () => post<CampCatalogueView>('/mucgrs-service/summerCamp/form/catalogue');
export const useCampCatalogue = () => useQuery({ queryKey: ['summerCamp', 'form', 'catalogue'] as const, queryFn: getCampCatalogue, staleTime: 5 * 60_000 });
