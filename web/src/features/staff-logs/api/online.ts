import { useQuery } from '@tanstack/react-query';
import type { OnlineSessionsRequest, OnlineSessionsView } from '@gradus/contract/api/staff-logs';
import { post } from '@/lib/request';
import { logsKey, samePersonsPrevious } from './keys';

/** One page of the live sessions, latest activity first. */
export const getOnlineSessions = (query: OnlineSessionsRequest) => post<OnlineSessionsView>('/mucgrs-service/staff/sessions/online', query);

export const useOnlineSessions = (viewer: string, query: OnlineSessionsRequest) =>
  useQuery({ queryKey: logsKey('online', viewer, query), queryFn: () => getOnlineSessions(query), placeholderData: samePersonsPrevious<OnlineSessionsView>(viewer) });
