import { useQuery } from '@tanstack/react-query';
import type { PublicPublicityView } from '@gradus/contract/api/publicity';
import { post } from '@/lib/request';

/** The lists in their period and the closed ones: no sign-in. */
export const getPublicLists = () => post<PublicPublicityView>('/api/v1/client/publicity', {});
export const usePublicLists = () => useQuery({ queryKey: ['publicity', 'public'], queryFn: getPublicLists });
