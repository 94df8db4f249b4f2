import type { SubmitFormRequest, SubmitFormResponse } from '@gradus/contract/forms/fields';
import { post } from '@/lib/request';

/** Silent: the page shows the server's list of problems, by section, where the camper can read it all. */
export const submitCampForm = (body: SubmitFormRequest) => post<SubmitFormResponse>('/mucgrs-service/summerCamp/form/submit', body, { silent: true });
