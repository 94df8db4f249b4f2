import type { SubmitFormRequest, SubmitFormResponse } from '@gradus/contract/doctor/form';
import { post } from '@/lib/request';

/** Silent: the page shows the server's list of problems where the applicant can read it all. */
export const submitForm = (body: SubmitFormRequest) => post<SubmitFormResponse>('/mucgrs-service/doctor/form/submit', body, { silent: true });
