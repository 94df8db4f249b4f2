import { useMutation } from '@tanstack/react-query';
import { openGeneratedPdf } from '@/lib/download';

/** The file-transfer letter (PDF), opened in a new window, or saved when the browser blocks pop-ups. */
export const openLetterPdf = () => openGeneratedPdf('/mucgrs-service/doctor/admission/letterPdf', {}, 'letter.pdf');
export const useLetterPdf = () => useMutation({ mutationFn: openLetterPdf });
