import { useMutation } from '@tanstack/react-query';
import { openGeneratedPdf } from '@/lib/download';

/** The printable summary (PDF) in a new window, or saved when the browser blocks pop-ups. */
export const openSummaryPdf = () => openGeneratedPdf('/mucgrs-service/doctor/form/summaryPdf', {}, 'registration-form.pdf');
export const useSummaryPdf = () => useMutation({ mutationFn: openSummaryPdf });
