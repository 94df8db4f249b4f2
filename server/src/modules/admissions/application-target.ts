import { journeyAreaOf, type ApplicationTarget } from '@gradus/contract';
import type { DB } from '../../db/database';

/**
 * What staff policies need to know of one application: its area and cycle, the department of the
 * programme the applicant chose, the staff account of the supervisor they named, and the experts
 * assigned to it. Null when the user is no applicant.
 */
export async function loadApplicationTarget(db: DB, applicantUserId: number): Promise<ApplicationTarget | null> {
  const user = await db
    .selectFrom('app_user')
    .select(['id', 'kind', 'user_register_type', 'recruit_year'])
    .where('id', '=', applicantUserId)
    .executeTakeFirst();
  const area = user?.user_register_type ? journeyAreaOf(user.user_register_type) : undefined;
  if (!user || user.kind !== 'applicant' || !area || !user.recruit_year) return null;
  const recruitYear = user.recruit_year;
  const [form, experts] = await Promise.all([
    db
      .selectFrom('application_form as f')
      .leftJoin('supervisor as s', 's.id', 'f.supervisor_id')
      .select(['f.department_id', 's.user_id as supervisor_user_id'])
      .where('f.user_id', '=', applicantUserId)
      .where('f.recruit_year', '=', recruitYear)
      .where('f.area', '=', area)
      .executeTakeFirst(),
    db
      .selectFrom('expert_assignment')
      .select('expert_user_id')
      .where('applicant_user_id', '=', applicantUserId)
      .where('recruit_year', '=', recruitYear)
      .where('area', '=', area)
      .execute(),
  ]);
  return {
    applicantUserId,
    area,
    recruitYear,
    departmentId: form?.department_id ?? null,
    supervisorUserId: form?.supervisor_user_id ?? null,
    assignedExpertIds: experts.map((e) => e.expert_user_id),
  };
}
