import { useQuery } from '@tanstack/react-query';
import type { SignInLogRequest, SignInLogView } from '@gradus/contract/api/staff-logs';
import { post } from '@/lib/request';
import { logsKey, samePersonsPrevious } from './keys';

/** One page of the sign-in log: sign-ins, failures, throttled attempts and sign-outs, newest first. */
export const getSignInLog = (query: SignInLogRequest) => post<SignInLogView>('/mucgrs-service/staff/logs/signIns', query);

export const useSignInLog = (viewer: string, query: SignInLogRequest) =>
  useQuery({ queryKey: logsKey('signIns', viewer, query), queryFn: () => getSignInLog(query), placeholderData: samePersonsPrevious<SignInLogView>(viewer) });
