import type { SaveDraftResponse } from '@gradus/contract/forms/fields';
import type { CampSaveDraftRequest } from '@gradus/contract/summer-camp/form';
import { post } from '@/lib/request';

/** Silent: autosave reports through the page's save indicator. */
export const saveCampDraft = (body: CampSaveDraftRequest) => post<SaveDraftResponse>('/mucgrs-service/summerCamp/form/saveDraft', body, { silent: true });
