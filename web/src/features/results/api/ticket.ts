import { useQuery } from '@tanstack/react-query';
import type { TicketKind } from '@gradus/contract/doctor/journey';
import type { TicketResultView } from '@gradus/contract/doctor/results';
import { post } from '@/lib/request';

export const getTicket = (kind: TicketKind) => post<TicketResultView>('/mucgrs-service/doctor/results/ticket', { kind }, { silent: true });
export const ticketQuery = (kind: TicketKind) => ({ queryKey: ['doctor', 'results', 'ticket', kind] as const, queryFn: () => getTicket(kind) });
export const useTicket = (kind: TicketKind) => useQuery(ticketQuery(kind));
