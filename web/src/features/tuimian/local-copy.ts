import { TMS_FORM_SECTIONS, tmsDraftSections, type TmsDraftSectionsInput, type TmsFormSection } from '@gradus/contract/tuimian/form';
import { localCopyStore } from '@/lib/form/local-copy';

/** The tuimian form's unsent copy on this device, apart from the same person's other forms; forgotten at logout with them. */
export const tmsLocalCopies = localCopyStore<TmsDraftSectionsInput, TmsFormSection>({ area: 'tms', sections: TMS_FORM_SECTIONS, draftSchema: tmsDraftSections });
