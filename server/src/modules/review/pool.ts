import { RoleKey } from '@gradus/contract';
import type { DB } from '../../db/database';
import type { ReviewCycle } from './cycle';

/** An application the stage reviews: eligible in the eligibility review of the cycle. */
export interface StageApplication {
  applicationId: number;
  applicantUserId: number;
  applicantNumber: string;
  name: string;
  programmeId: number | null;
  /** The staff account of the supervisor the applicant named: never their expert. */
  supervisorUserId: number | null;
}

export async function stageApplications(db: DB, cycle: ReviewCycle, filter: { programmeId?: number | undefined; applicationId?: number } = {}): Promise<StageApplication[]> {
  let q = db
    .selectFrom('application_form as f')
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .leftJoin('supervisor as s', 's.id', 'f.supervisor_id')
    .select(['f.id', 'f.user_id', 'f.programme_id', 'u.applicant_number', 'u.name', 's.user_id as supervisor_user_id'])
    .where('f.area', '=', cycle.area)
    .where('f.recruit_year', '=', cycle.recruitYear)
    .where('f.qualification', '=', 'pass')
    // A form back with its applicant for correction is not reviewed until it is submitted again.
    .where('f.status', '=', 'submitted');
  if (filter.programmeId) q = q.where('f.programme_id', '=', filter.programmeId);
  if (filter.applicationId) q = q.where('f.id', '=', filter.applicationId);
  const rows = await q.orderBy('u.applicant_number').execute();
  return rows.map((r) => ({
    applicationId: r.id,
    applicantUserId: r.user_id,
    applicantNumber: r.applicant_number ?? '',
    name: r.name,
    programmeId: r.programme_id ?? null,
    supervisorUserId: r.supervisor_user_id ?? null,
  }));
}

export interface Expert {
  userId: number;
  name: string;
  /** Also the admissions office: offered for a manual assignment, never chosen automatically. */
  office: boolean;
  /** An external expert (no account, a mailed link): assigned by hand, to the files the office picks. */
  external: boolean;
}

/** The internal experts: active staff accounts holding the reviewer role. */
export async function internalExperts(db: DB): Promise<Expert[]> {
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('user_role as ur', 'ur.user_id', 'u.id')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .select(['u.id', 'u.name', 'r.role_key'])
    .where('u.kind', '=', 'staff')
    .where('u.status', '=', 'active')
    .where('r.role_key', 'in', [RoleKey.REVIEWER, RoleKey.ADMIN])
    .orderBy('u.id')
    .execute();
  const experts = new Map<number, Expert>();
  const reviewers = new Set(rows.filter((r) => r.role_key === RoleKey.REVIEWER).map((r) => r.id));
  for (const r of rows) {
    if (!reviewers.has(r.id)) continue;
    const known = experts.get(r.id) ?? { userId: r.id, name: r.name, office: false, external: false };
    if (r.role_key === RoleKey.ADMIN) known.office = true;
    experts.set(r.id, known);
  }
  return [...experts.values()];
}

/** Every expert the office may assign: the internal experts, then the external experts recorded. */
export async function reviewExperts(db: DB): Promise<Expert[]> {
  const [internal, external] = await Promise.all([
    internalExperts(db),
    db.selectFrom('app_user').select(['id', 'name']).where('kind', '=', 'external').where('status', '=', 'active').orderBy('id').execute(),
  ]);
  return [...internal, ...external.map((e) => ({ userId: e.id, name: e.name, office: false, external: true }))];
}

/** Who is assigned to what in the stage, and which experts declared a conflict on which applicant. */
export async function stageAssignments(db: DB, cycle: ReviewCycle) {
  const [assigned, conflicts, submitted] = await Promise.all([
    db
      .selectFrom('expert_assignment')
      .select(['expert_user_id', 'applicant_user_id', 'override_reason'])
      .where('area', '=', cycle.area)
      .where('recruit_year', '=', cycle.recruitYear)
      .where('stage', '=', cycle.stage)
      .execute(),
    db.selectFrom('expert_conflict').select(['expert_user_id', 'applicant_user_id']).where('area', '=', cycle.area).where('recruit_year', '=', cycle.recruitYear).execute(),
    db
      .selectFrom('expert_score')
      .select(['expert_user_id', 'applicant_user_id'])
      .where('area', '=', cycle.area)
      .where('recruit_year', '=', cycle.recruitYear)
      .where('stage', '=', cycle.stage)
      .where('status', '=', 'submitted')
      .execute(),
  ]);
  const pair = (expert: number, applicant: number) => `${expert}:${applicant}`;
  const load = new Map<number, number>();
  for (const a of assigned) load.set(a.expert_user_id, (load.get(a.expert_user_id) ?? 0) + 1);
  return {
    assigned,
    load,
    conflicted: new Set(conflicts.map((c) => pair(c.expert_user_id, c.applicant_user_id))),
    submitted: new Set(submitted.map((s) => pair(s.expert_user_id, s.applicant_user_id))),
    pair,
  };
}
