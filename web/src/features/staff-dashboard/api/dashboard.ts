import { useQuery } from '@tanstack/react-query';
import type { StaffDashboardRequest, StaffDashboardView } from '@gradus/contract/api/staff-dashboard';
import { post } from '@/lib/request';

/** The counts of the caller's scope in one area's current cycle. */
export const getStaffDashboard = (request: StaffDashboardRequest) => post<StaffDashboardView>('/mucgrs-service/staff/dashboard', request);

/**
 * Keyed by who asks, so another account's or role's counts are never drawn while the new ones load.
 * A minute old is fresh enough for a morning's glance; coming back to the tab refreshes it.
 */
export const useStaffDashboard = (viewer: string, request: StaffDashboardRequest = {}) =>
  useQuery({ queryKey: ['staff', 'dashboard', viewer, request] as const, queryFn: () => getStaffDashboard(request), staleTime: 60_000 });
