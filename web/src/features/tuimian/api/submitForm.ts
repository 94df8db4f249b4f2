import type { SubmitFormRequest, SubmitFormResponse } from '@gradus/contract/forms/fields';
import { post } from '@/lib/request';

/** Silent: the page shows the server's list of problems, by section, where the applicant can read it all. */
export const submitTmsForm = (body: SubmitFormRequest) => post<SubmitFormResponse>('/mucgrs-service/tms/form/submit', body, { silent: true });
