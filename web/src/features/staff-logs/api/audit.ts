import { useQuery } from '@tanstack/react-query';
import type { AuditLogRequest, AuditLogView } from '@gradus/contract/api/staff-logs';
import { post } from '@/lib/request';
import { logsKey, samePersonsPrevious } from './keys';

/** One page of the audit trail, newest first, filtered on the server. */
export const getAuditLog = (query: AuditLogRequest) => post<AuditLogView>('/mucgrs-service/staff/logs/audit', query);

export const useAuditLog = (viewer: string, query: AuditLogRequest) =>
  useQuery({ queryKey: logsKey('audit', viewer, query), queryFn: () => getAuditLog(query), placeholderData: samePersonsPrevious<AuditLogView>(viewer) });
