import { draftSections, FORM_SECTIONS, type DraftSectionsInput, type FormSection } from '@gradus/contract/doctor/form';
import { localCopyStore, type LocalCopy as AnyLocalCopy } from '@/lib/form/local-copy';

/** The doctoral form's unsent copy on this device (lib/form/local-copy.ts). */
export type LocalCopy = AnyLocalCopy<DraftSectionsInput>;
export const doctorLocalCopies = localCopyStore<DraftSectionsInput, FormSection>({ area: '', sections: FORM_SECTIONS, draftSchema: draftSections });
export const { read: readLocalCopy, write: writeLocalCopy, clear: clearLocalCopy, canonical } = doctorLocalCopies;
