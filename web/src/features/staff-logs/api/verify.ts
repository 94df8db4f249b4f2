import { useMutation } from '@tanstack/react-query';
import type { AuditChainView } from '@gradus/contract/api/staff-logs';
import { post } from '@/lib/request';

/**
 * Walks the whole hash chain of the audit trail. Asked for with a button, not on opening the page:
 * it reads every entry. Silent: the page shows a refusal beside the button.
 */
export const verifyAuditChain = () => post<AuditChainView>('/mucgrs-service/staff/logs/verify', {}, { silent: true });
export const useVerifyAuditChain = () => useMutation({ mutationFn: verifyAuditChain });
