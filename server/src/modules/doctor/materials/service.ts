import type { AppContext } from '../../../context';
import type { CheckedUpload } from '../../files/service';
import * as materials from '../../materials/service';
import type { DoctorApplicant } from '../applicant';
import { DOCTOR_MATERIALS } from './area';

/** The engine's upload steps (modules/materials/service.ts) on the doctoral materials, as the demo journeys use them. */
export { receiveMaterial, type UploadPlan } from '../../materials/service';
export const planUpload = (ctx: AppContext, applicant: DoctorApplicant, input: { category: string; replaceFileId?: number }) =>
  materials.planUpload(ctx, DOCTOR_MATERIALS, applicant, input);
export const commitUpload = (ctx: AppContext, applicant: DoctorApplicant, plan: materials.UploadPlan, upload: CheckedUpload) =>
  materials.commitUpload(ctx, DOCTOR_MATERIALS, applicant, plan, upload);
