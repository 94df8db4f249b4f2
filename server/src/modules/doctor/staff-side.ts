import { ReplyCode, type DecideRequest } from '@gradus/contract';
import { AppError } from '../../lib/app-error';
import type { StaffSide } from '../admissions/journey';
import { staffMaterials } from '../materials/staff';
import { cachedCatalogue } from './form/catalogue';
import { formDetail } from './form/service';
import { returnForm } from './form/staff';
import { DOCTOR_MATERIALS } from './materials/area';
import { materialSettings } from './materials/settings';
import { reviewPhoto } from './materials/staff';
import { releaseOutcomes, resultAsReleased } from './results/release-outcomes';
import { decide } from './results/staff';
import { scoreCohort } from './results/score-cohort';

/** The doctoral records as the back office reads and changes them (admissions/journey.ts StaffSide). */
export const doctorStaffSide: StaffSide = {
  // Doctoral programmes do not change with the year: one catalogue, whatever year is asked.
  catalogue: (ctx) => cachedCatalogue(ctx),
  formDetail: (ctx, applicant) => formDetail(ctx, applicant),
  materials: (ctx, who) => staffMaterials(ctx.db, DOCTOR_MATERIALS, who),
  photoRules: async (ctx) => (await materialSettings(ctx.db)).photoRules,
  releaseOutcomes: (ctx, cycle, release) => releaseOutcomes(ctx.db, cycle, release),
  resultAsReleased: (ctx, cycle, release, applicantNumber) => resultAsReleased(ctx.db, cycle, release, applicantNumber),
  returnForm: (ctx, applicant, input, actor) =>
    returnForm(ctx.db, ctx.clock.now(), { userId: applicant.userId, recruitYear: applicant.recruitYear, returnedBy: actor.staffUserId, subject: applicant.applicantNumber, ...input }),
  reviewPhoto: (ctx, input, actor) => reviewPhoto(ctx.db, ctx.clock.now(), input, actor),
  // Only a paid application is one: an unpaid applicant has not finished applying.
  async notReadyForDecision(ctx, applicant) {
    const paid = await ctx.db
      .selectFrom('payment_order')
      .select('id')
      .where('user_id', '=', applicant.userId)
      .where('recruit_year', '=', applicant.recruitYear)
      .where('area', '=', DOCTOR_MATERIALS.area)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    return paid ? null : new AppError(ReplyCode.CONFLICT, 'error.qualificationUnpaid', { applicant: applicant.applicantNumber });
  },
  // The doctoral stages are the results' (RESULT_STAGES); decide() refuses any other.
  decide: (ctx, applicant, input, actor) => decide(ctx.db, ctx.clock.now(), applicant, input as DecideRequest, actor),
  scoreCohort: (ctx, recruitYear, kind) => scoreCohort(ctx.db, recruitYear, kind),
};
