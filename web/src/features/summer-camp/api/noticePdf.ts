import { useMutation } from '@tanstack/react-query';
import { openGeneratedPdf } from '@/lib/download';

/** The camp-entry notice of a confirmed place, opened in a new window, or saved when the browser blocks it. */
export const openCampNotice = () => openGeneratedPdf('/mucgrs-service/summerCamp/qualification/noticePdf', {}, 'camp-entry-notice.pdf');
export const useCampNoticePdf = () => useMutation({ mutationFn: openCampNotice });
