import type { SaveDraftRequest, SaveDraftResponse } from '@gradus/contract/doctor/form';
import { post } from '@/lib/request';

/**
 * Silent: autosave reports through the page's save indicator, not a toast every two seconds.
 * The 5 s request limit stays, so a dead connection is noticed and the local copy takes over.
 */
export const saveDraft = (body: SaveDraftRequest) => post<SaveDraftResponse>('/mucgrs-service/doctor/form/saveDraft', body, { silent: true });
