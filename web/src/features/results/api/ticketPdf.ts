import { useMutation } from '@tanstack/react-query';
import type { TicketKind } from '@gradus/contract/doctor/journey';
import { openGeneratedPdf } from '@/lib/download';

/** The admission ticket as a PDF, opened in a new window (spec 7), or saved when the browser blocks it. */
export const openTicketPdf = (kind: TicketKind) => openGeneratedPdf('/mucgrs-service/doctor/results/ticketPdf', { kind }, 'ticket.pdf');
export const useTicketPdf = (kind: TicketKind) => useMutation({ mutationFn: () => openTicketPdf(kind) });
