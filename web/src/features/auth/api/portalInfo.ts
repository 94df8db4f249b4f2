import { useQuery } from '@tanstack/react-query';
import type { PortalInfo } from '@gradus/contract/api/system';
import { post } from '@/lib/request';

export const fetchPortalInfo = () => post<PortalInfo>('/api/v1/client/portalInfo', {}, { silent: true });

/** Public facts for the sign-in screens: year, system name, open registrations, reset by email. */
export const usePortalInfo = () => useQuery({ queryKey: ['portalInfo'], queryFn: fetchPortalInfo, staleTime: 5 * 60_000 });
