import { ReplyCode, type AssignExpertRequest, type AssignmentsView, type AutoAssignResult } from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { staffAudit } from '../admissions/staff-audit';
import { expertWork, lockStage, reviewSettings, type ReviewCycle } from './cycle';
import { internalExperts, reviewExperts, stageApplications, stageAssignments, type StageApplication } from './pool';

/** A small seeded generator (mulberry32): the same seed gives the same sequence on every machine. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The expert may not review the applicant: named as their supervisor, or a conflict they declared. */
const conflictedWith = (app: StageApplication, expertUserId: number, declared: Set<string>) =>
  app.supervisorUserId === expertUserId || declared.has(`${expertUserId}:${app.applicantUserId}`);

export async function assignmentsView(db: DB, cycle: ReviewCycle, programmeId?: number): Promise<AssignmentsView> {
  const [settings, apps, experts, state, programmes] = await Promise.all([
    reviewSettings(db, cycle),
    stageApplications(db, cycle, { programmeId }),
    reviewExperts(db),
    stageAssignments(db, cycle),
    db.selectFrom('programme').select(['id', 'code', 'name_zh', 'name_en']).execute(),
  ]);
  const names = new Map(experts.map((e) => [e.userId, e.name]));
  const byApplicant = new Map<number, typeof state.assigned>();
  for (const a of state.assigned) byApplicant.set(a.applicant_user_id, [...(byApplicant.get(a.applicant_user_id) ?? []), a]);
  const submittedBy = new Map<number, number>();
  for (const key of state.submitted) {
    const expert = Number(key.split(':')[0]);
    submittedBy.set(expert, (submittedBy.get(expert) ?? 0) + 1);
  }
  const programme = new Map(programmes.map((p) => [p.id, { code: p.code, nameZh: p.name_zh, nameEn: p.name_en }]));
  return {
    settings,
    experts: experts.map((e) => ({ userId: e.userId, name: e.name, external: e.external, assigned: state.load.get(e.userId) ?? 0, submitted: submittedBy.get(e.userId) ?? 0 })),
    rows: apps.map((app) => ({
      applicationId: app.applicationId,
      applicantNumber: app.applicantNumber,
      name: app.name,
      programme: app.programmeId ? programme.get(app.programmeId) ?? null : null,
      experts: (byApplicant.get(app.applicantUserId) ?? []).map((a) => ({
        userId: a.expert_user_id,
        name: names.get(a.expert_user_id) ?? '',
        submitted: state.submitted.has(state.pair(a.expert_user_id, app.applicantUserId)),
        overrideReason: a.override_reason,
      })),
    })),
  };
}

/**
 * Gives every application of the stage (one programme's, or all) its experts, reproducibly: the
 * applications in number order, for each the least-loaded experts first, ties broken by a sequence
 * drawn from the seed. Never an expert with a conflict (the named supervisor, a declared conflict),
 * never beyond an expert's load limit; the office's own staff and the external experts are assigned by hand only. What
 * cannot be filled is reported, not forced.
 */
export async function autoAssign(
  db: DB,
  now: number,
  cycle: ReviewCycle,
  input: { programmeId?: number | undefined; seed: number },
  by: number | null,
): Promise<AutoAssignResult & { newByExpert: Map<number, number> }> {
  return db.transaction().execute(async (trx) => {
    await lockStage(trx, now, cycle);
    const [settings, apps, experts, state] = await Promise.all([
      reviewSettings(trx, cycle),
      stageApplications(trx, cycle, { programmeId: input.programmeId }),
      internalExperts(trx),
      stageAssignments(trx, cycle),
    ]);
    // A closed review takes no new experts: they could not score what they were given.
    if (settings.closedAt) throw new AppError(ReplyCode.CONFLICT, 'review.closedAssign');
    const pool = experts.filter((e) => !e.office).map((e) => e.userId);
    const load = new Map(pool.map((id) => [id, state.load.get(id) ?? 0]));
    const has = new Set(state.assigned.map((a) => state.pair(a.expert_user_id, a.applicant_user_id)));
    const random = seeded(input.seed);
    const result: AutoAssignResult = { assigned: 0, unfilled: [] };
    // Who got how many new files: each is told once, after the assignment is committed.
    const newByExpert = new Map<number, number>();
    for (const app of apps) {
      const current = state.assigned.filter((a) => a.applicant_user_id === app.applicantUserId).length;
      let missing = settings.expertsPerApplication - current;
      if (missing <= 0) continue;
      const candidates = pool
        .filter((id) => !has.has(state.pair(id, app.applicantUserId)) && !conflictedWith(app, id, state.conflicted) && (load.get(id) ?? 0) < settings.maxLoad)
        .map((id) => ({ id, load: load.get(id) ?? 0, tie: random() }))
        .sort((a, b) => a.load - b.load || a.tie - b.tie);
      for (const c of candidates.slice(0, missing)) {
        await trx
          .insertInto('expert_assignment')
          .values({ expert_user_id: c.id, applicant_user_id: app.applicantUserId, recruit_year: cycle.recruitYear, area: cycle.area, stage: cycle.stage, assigned_by: by, assigned_at: now })
          .execute();
        load.set(c.id, (load.get(c.id) ?? 0) + 1);
        newByExpert.set(c.id, (newByExpert.get(c.id) ?? 0) + 1);
        has.add(state.pair(c.id, app.applicantUserId));
        result.assigned++;
        missing--;
      }
      if (missing > 0) result.unfilled.push({ applicationId: app.applicationId, applicantNumber: app.applicantNumber, missing });
    }
    // The seed is kept: the same seed on the same data shows the same assignment again.
    await staffAudit(trx, now, 'review.autoAssign', { staffUserId: by }, { detail: { ...cycle, programmeId: input.programmeId ?? null, seed: input.seed, assigned: result.assigned, unfilled: result.unfilled.length } });
    return { ...result, newByExpert };
  });
}

/**
 * Assigns one expert by hand. A conflict is never overridden; going past the expert's load limit or
 * the application's number of experts is, with a reason the file keeps.
 */
export async function assignExpert(db: DB, now: number, cycle: ReviewCycle, input: Omit<AssignExpertRequest, 'stage'>, by: number | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Checked and written under the stage's lock: a racing assignment sees this one's load.
    await lockStage(trx, now, cycle);
    await assignLocked(trx, now, cycle, input, by);
  });
}

async function assignLocked(db: DB, now: number, cycle: ReviewCycle, input: Omit<AssignExpertRequest, 'stage'>, by: number | null): Promise<void> {
  const [settings, [app], experts, state] = await Promise.all([
    reviewSettings(db, cycle),
    stageApplications(db, cycle, { applicationId: input.applicationId }),
    reviewExperts(db),
    stageAssignments(db, cycle),
  ]);
  if (!app) throw new AppError(ReplyCode.CONFLICT, 'review.notInStage');
  if (settings.closedAt) throw new AppError(ReplyCode.CONFLICT, 'review.closedAssign');
  const expert = experts.find((e) => e.userId === input.expertUserId);
  if (!expert) throw new AppError(ReplyCode.BAD_INPUT, 'review.notAnExpert');
  if (conflictedWith(app, expert.userId, state.conflicted)) throw new AppError(ReplyCode.CONFLICT, 'review.conflicted', { expert: expert.name, applicant: app.applicantNumber });
  if (state.assigned.some((a) => a.expert_user_id === expert.userId && a.applicant_user_id === app.applicantUserId)) {
    throw new AppError(ReplyCode.CONFLICT, 'review.alreadyAssigned', { expert: expert.name });
  }
  const full = (state.load.get(expert.userId) ?? 0) >= settings.maxLoad;
  const enough = state.assigned.filter((a) => a.applicant_user_id === app.applicantUserId).length >= settings.expertsPerApplication;
  const reason = input.reason?.trim() || null;
  if ((full || enough) && !reason) throw new AppError(ReplyCode.BAD_INPUT, full ? 'review.overrideLoad' : 'review.overrideCount', { expert: expert.name, max: settings.maxLoad });
  await db
    .insertInto('expert_assignment')
    .values({
      expert_user_id: expert.userId,
      applicant_user_id: app.applicantUserId,
      recruit_year: cycle.recruitYear,
      area: cycle.area,
      stage: cycle.stage,
      assigned_by: by,
      assigned_at: now,
      override_reason: full || enough ? reason : null,
    })
    .execute();
  await staffAudit(db, now, 'review.assign', { staffUserId: by }, { subject: app.applicantNumber, detail: { recruitYear: cycle.recruitYear, stage: cycle.stage, expert: expert.name, reason: full || enough ? reason : null } });
}

/** Takes an expert off an application, with their draft; never once they have submitted a score. */
export async function unassignExpert(db: DB, now: number, cycle: ReviewCycle, input: { applicationId: number; expertUserId: number }, by: number | null): Promise<void> {
  const [app] = await stageApplications(db, cycle, { applicationId: input.applicationId });
  if (!app) throw new AppError(ReplyCode.CONFLICT, 'review.notInStage');
  const work = expertWork(cycle, app.applicantUserId, input.expertUserId);
  await db.transaction().execute(async (trx) => {
    await lockStage(trx, now, cycle);
    // Drafts go with the assignment; a submitted score stays, even one submitted a moment ago
    // (PostgreSQL runs these concurrently), and then the expert stays too.
    await trx
      .deleteFrom('expert_score')
      .where((eb) => eb.and(work))
      .where('status', '!=', 'submitted')
      .execute();
    const kept = await trx.selectFrom('expert_score').select('id').where((eb) => eb.and(work)).executeTakeFirst();
    if (kept) throw new AppError(ReplyCode.CONFLICT, 'review.alreadyScored');
    await trx.deleteFrom('expert_assignment').where((eb) => eb.and(work)).execute();
    const expert = await trx.selectFrom('app_user').select('name').where('id', '=', work.expert_user_id).executeTakeFirst();
    await staffAudit(trx, now, 'review.unassign', { staffUserId: by }, { subject: app.applicantNumber, detail: { recruitYear: cycle.recruitYear, stage: cycle.stage, expert: expert?.name ?? '' } });
  });
}
