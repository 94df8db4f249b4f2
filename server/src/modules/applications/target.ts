import { can, ID_PHOTO_CATEGORY, ReplyCode, type Actor, type AdmissionArea, type ApplicationTarget } from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';

/** An application a staff call names by its form's id, with what the policies need to judge it. */
export interface LoadedApplication {
  applicationId: number;
  applicantNumber: string;
  name: string;
  registerType: number | null;
  status: string;
  version: number;
  target: ApplicationTarget;
}

/**
 * Loads the application behind a form id: its own cycle and area (not the applicant's current
 * year), the department of the chosen programme, the chosen supervisor's staff account and the
 * experts assigned in that cycle. Unknown ids are "not found" for everyone, so an id says nothing.
 */
export async function loadApplication(db: DB, applicationId: number): Promise<LoadedApplication> {
  const form = await db
    .selectFrom('application_form as f')
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .leftJoin('supervisor as s', 's.id', 'f.supervisor_id')
    .select(['f.id', 'f.user_id', 'f.recruit_year', 'f.area', 'f.status', 'f.version', 'f.department_id', 's.user_id as supervisor_user_id', 'u.applicant_number', 'u.name', 'u.user_register_type'])
    .where('f.id', '=', applicationId)
    .executeTakeFirst();
  if (!form) throw new AppError(ReplyCode.NOT_FOUND, 'error.applicationNotFound');
  const experts = await db
    .selectFrom('expert_assignment')
    .select('expert_user_id')
    .where('applicant_user_id', '=', form.user_id)
    .where('recruit_year', '=', form.recruit_year)
    .where('area', '=', form.area)
    .execute();
  return {
    applicationId: form.id,
    applicantNumber: form.applicant_number ?? '',
    name: form.name,
    registerType: form.user_register_type,
    status: form.status,
    version: form.version,
    target: {
      applicantUserId: form.user_id,
      area: form.area as AdmissionArea,
      recruitYear: form.recruit_year,
      departmentId: form.department_id ?? null,
      supervisorUserId: form.supervisor_user_id ?? null,
      assignedExpertIds: [...new Set(experts.map((e) => e.expert_user_id))],
    },
  };
}

/** The application an ID photo belongs to, for a decision that names the photo. */
export async function loadApplicationOfPhoto(db: DB, materialId: number): Promise<LoadedApplication> {
  const form = await db
    .selectFrom('application_material as m')
    .innerJoin('application_form as f', (join) => join.onRef('f.user_id', '=', 'm.user_id').onRef('f.recruit_year', '=', 'm.recruit_year').onRef('f.area', '=', 'm.area'))
    .select('f.id')
    .where('m.id', '=', materialId)
    .where('m.category', '=', ID_PHOTO_CATEGORY)
    .executeTakeFirst();
  // A photo replaced meanwhile is gone: the reviewer is told so, not that they may not see it.
  if (!form) throw new AppError(ReplyCode.CONFLICT, 'error.photoReplaced');
  return loadApplication(db, form.id);
}

/**
 * For an action on an application: one the caller cannot even read answers as unknown (404), so an
 * id says nothing; one they read but may not act on is then refused by the action's own policy (403).
 */
export async function loadReadable(db: DB, actor: Actor, applicationId: number): Promise<LoadedApplication> {
  const loaded = await loadApplication(db, applicationId);
  if (!can(actor, { kind: 'application.read', application: loaded.target })) throw new AppError(ReplyCode.NOT_FOUND, 'error.applicationNotFound');
  return loaded;
}
