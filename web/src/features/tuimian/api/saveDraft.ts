import type { SaveDraftResponse } from '@gradus/contract/forms/fields';
import type { TmsSaveDraftRequest } from '@gradus/contract/tuimian/form';
import { post } from '@/lib/request';

/** Silent: autosave reports through the page's save indicator. */
export const saveTmsDraft = (body: TmsSaveDraftRequest) => post<SaveDraftResponse>('/mucgrs-service/tms/form/saveDraft', body, { silent: true });
