import { useQuery } from '@tanstack/react-query';
import { SUMMER_CAMP_AREA } from '@gradus/contract/areas';
import type { ApplicationFilterOptionsView } from '@gradus/contract/api/staff';
import type { CampCatalogueView } from '@gradus/contract/summer-camp/form';
import { post } from '@/lib/request';

/*
 * The applications feature reads the same two calls; a feature may not import another, and each is a
 * few lines, so they are repeated here under the same query keys (one cache entry for both pages).
 */

/** The back office's current recruitment year (the list's filter options carry it). */
export const useCurrentYear = (viewer: string) =>
  useQuery({
    queryKey: ['staff', 'applications', 'options', viewer] as const,
    queryFn: () => post<ApplicationFilterOptionsView>('/mucgrs-service/staff/applications/options', {}),
    staleTime: 60_000,
    select: (options) => options.currentYear,
  });

/** The year's summer camps with their programmes and places: what the programme picker offers. */
export const useCampCatalogue = (recruitYear: string | null | undefined) =>
  useQuery({
    enabled: Boolean(recruitYear),
    queryKey: ['staff', 'catalogue', SUMMER_CAMP_AREA, recruitYear ?? null] as const,
    queryFn: () => post<CampCatalogueView>('/mucgrs-service/staff/applications/catalogue', { area: SUMMER_CAMP_AREA, recruitYear }),
    staleTime: 10 * 60_000,
  });
