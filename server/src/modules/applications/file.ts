import { can, DEPARTMENT_REVIEW_STAGE, departmentReviews, QUALIFICATION_REVIEW_STAGE, type Actor, type ApplicationFileView, type PaymentStatus } from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { staffSideOf } from '../admissions/journey';
import { fileHistory } from './history';
import type { LoadedApplication } from './target';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/**
 * Everything staff may see of one application, on one page. The caller's scope was checked by the
 * route (application.read); here the caller's role decides how much: those who run the file see
 * its money, its experts and its history, an expert sees the file they review. The ID number stays
 * masked: the full number is a separate call with a logged reason.
 */
export async function applicationFile(ctx: AppContext, loaded: LoadedApplication, actor: Actor): Promise<ApplicationFileView> {
  const { db } = ctx;
  const { target } = loaded;
  const who = { userId: target.applicantUserId, recruitYear: target.recruitYear };
  const allowed = {
    revealIdNumber: can(actor, { kind: 'application.revealId', application: target }),
    reviewPhoto: can(actor, { kind: 'photo.review', application: target }) && Boolean(staffSideOf(ctx, target.area).reviewPhoto),
    returnForm: can(actor, { kind: 'application.return', application: target }),
    decide: can(actor, { kind: 'review.decide', application: target, stage: QUALIFICATION_REVIEW_STAGE }),
    decideDepartment: departmentReviews(target.area) && can(actor, { kind: 'review.decide', application: target, stage: DEPARTMENT_REVIEW_STAGE }),
  };
  const runsTheFile = allowed.returnForm;
  const applicant = {
    userId: target.applicantUserId,
    recruitYear: target.recruitYear,
    area: target.area,
    registerType: loaded.registerType ?? 0,
    applicantNumber: loaded.applicantNumber,
    name: loaded.name,
  };
  const side = staffSideOf(ctx, target.area);
  const [form, choice, materials, photoRules, decisions] = await Promise.all([
    side.formDetail(ctx, applicant),
    choiceOf(db, loaded.applicationId),
    side.materials(ctx, who),
    side.photoRules(ctx),
    decisionsOf(db, target),
  ]);
  return {
    applicationId: loaded.applicationId,
    applicantUserId: target.applicantUserId,
    area: target.area,
    recruitYear: target.recruitYear,
    choice,
    form,
    materials,
    photoRules,
    decisions,
    orders: runsTheFile ? await ordersOf(db, target) : null,
    assignments: runsTheFile ? await assignmentsOf(db, target) : null,
    history: runsTheFile ? await fileHistory(db, loaded) : null,
    allowed,
  };
}

async function choiceOf(db: DB, applicationId: number): Promise<ApplicationFileView['choice']> {
  const row = await db
    .selectFrom('application_form as f')
    .leftJoin('department as d', 'd.id', 'f.department_id')
    .leftJoin('programme as p', 'p.id', 'f.programme_id')
    .leftJoin('supervisor as s', 's.id', 'f.supervisor_id')
    .select(['d.name_zh as d_zh', 'd.name_en as d_en', 'p.code', 'p.name_zh as p_zh', 'p.name_en as p_en', 's.name as supervisor'])
    .where('f.id', '=', applicationId)
    .executeTakeFirstOrThrow();
  return {
    department: row.d_zh === null ? null : { nameZh: row.d_zh, nameEn: row.d_en ?? '' },
    programme: row.code === null ? null : { code: row.code, nameZh: row.p_zh ?? '', nameEn: row.p_en ?? '' },
    supervisor: row.supervisor,
  };
}

type Cycle = LoadedApplication['target'];

async function decisionsOf(db: DB, c: Cycle): Promise<ApplicationFileView['decisions']> {
  const rows = await db
    .selectFrom('review_decision as d')
    .leftJoin('app_user as by', 'by.id', 'd.decided_by')
    .select(['d.stage', 'd.outcome', 'd.reason', 'd.decided_at', 'by.name as by_name'])
    .where('d.user_id', '=', c.applicantUserId)
    .where('d.recruit_year', '=', c.recruitYear)
    .where('d.area', '=', c.area)
    .orderBy('d.decided_at')
    .execute();
  return rows.map((r) => ({ stage: r.stage, outcome: r.outcome, reason: r.reason, decidedBy: r.by_name, decidedAt: iso(r.decided_at)! }));
}

async function ordersOf(db: DB, c: Cycle): Promise<NonNullable<ApplicationFileView['orders']>> {
  const rows = await db
    .selectFrom('payment_order')
    .select(['order_no', 'purpose', 'amount_cents', 'status', 'provider', 'created_at', 'paid_at'])
    .where('user_id', '=', c.applicantUserId)
    .where('recruit_year', '=', c.recruitYear)
    .where('area', '=', c.area)
    .orderBy('created_at')
    .execute();
  return rows.map((o) => ({
    orderNo: o.order_no,
    purpose: o.purpose,
    amountCents: o.amount_cents,
    status: o.status as PaymentStatus,
    provider: o.provider || null,
    createdAt: iso(o.created_at)!,
    paidAt: iso(o.paid_at),
  }));
}

async function assignmentsOf(db: DB, c: Cycle): Promise<NonNullable<ApplicationFileView['assignments']>> {
  const rows = await db
    .selectFrom('expert_assignment as a')
    .innerJoin('app_user as e', 'e.id', 'a.expert_user_id')
    .leftJoin('app_user as by', 'by.id', 'a.assigned_by')
    .select(['a.stage', 'a.assigned_at', 'e.name as expert', 'by.name as by_name'])
    .where('a.applicant_user_id', '=', c.applicantUserId)
    .where('a.recruit_year', '=', c.recruitYear)
    .where('a.area', '=', c.area)
    .orderBy('a.assigned_at')
    .execute();
  return rows.map((r) => ({ expertName: r.expert, stage: r.stage, assignedBy: r.by_name, assignedAt: iso(r.assigned_at)! }));
}
