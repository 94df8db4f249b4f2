import { CAMP_FORM_SECTIONS, campDraftSections, type CampDraftSectionsInput, type CampFormSection } from '@gradus/contract/summer-camp/form';
import { localCopyStore } from '@/lib/form/local-copy';

/** The camp form's unsent copy on this device, apart from the same person's doctoral one; forgotten at logout with it. */
export const campLocalCopies = localCopyStore<CampDraftSectionsInput, CampFormSection>({ area: 'summerCamp', sections: CAMP_FORM_SECTIONS, draftSchema: campDraftSections });
