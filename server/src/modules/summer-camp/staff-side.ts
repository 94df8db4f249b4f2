import { ReplyCode, SUMMER_CAMP_AREA, type CampFormSection } from '@gradus/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import { lockForAppend } from '../../db/dialect';
import { AppError } from '../../lib/app-error';
import { recordDecision } from '../admissions/decisions';
import type { StaffSide } from '../admissions/journey';
import { returnForm } from '../application-form/staff';
import { materialSettings } from '../materials/settings';
import { staffMaterials } from '../materials/staff';
import { currentRecruitYear } from '../user/repo';
import { campCatalogue } from './form/catalogue';
import { campResultAsReleased, campResultOutcomes } from './admission/results';
import { CAMP_LOCK } from './camps/service';
import { campForm } from './form/definition';
import { campFormDetail } from './form/service';
import { CAMP_MATERIALS } from './materials/area';

/**
 * The summer-camp applications as the back office reads and changes them (admissions/journey.ts
 * StaffSide): the camp form and materials through their engines, the school's review and the
 * graduate school's decision through the core's decisions (applications/review.ts orders them).
 * A camper's photo is checked by its rules alone (no photo review); the camps' results are released.
 */
export const campStaffSide: StaffSide = {
  // The camps of the year asked for (the file's own year), with their programmes: what the choices name.
  async catalogue(ctx, recruitYear) {
    const year = recruitYear ?? (await currentRecruitYear(ctx.db));
    return year ? campCatalogue(ctx.db, year, ctx.clock.now()) : { camps: [] };
  },
  formDetail: (ctx, applicant) => campFormDetail(ctx, applicant),
  materials: (ctx, who) => staffMaterials(ctx.db, CAMP_MATERIALS, who),
  photoRules: async (ctx) => (await materialSettings(ctx.db, CAMP_MATERIALS)).photoRules,
  returnForm: (ctx, applicant, input, actor) =>
    returnForm<CampFormSection>(campForm, ctx.db, ctx.clock.now(), {
      userId: applicant.userId,
      recruitYear: applicant.recruitYear,
      returnedBy: actor.staffUserId,
      subject: applicant.applicantNumber,
      ...input,
    }),
  // A camper offered a place or waiting for one stays eligible: failing them would leave a place no
  // candidate holds. Under the camps' lock, in turn with the admissions that read the eligibility.
  async decisionStands(ctx, applicant) {
    await lockForAppend(ctx.db as Transaction<Database>, CAMP_LOCK, 'summer_camp');
    const place = await ctx.db.selectFrom('camp_place').select('status').where('user_id', '=', applicant.userId).where('recruit_year', '=', applicant.recruitYear).executeTakeFirst();
    return place ? new AppError(ReplyCode.CONFLICT, 'campAdmission.decisionStands', { applicant: applicant.applicantNumber }) : null;
  },
  // The camps' results, released by the summer-camp cycle's `campResult`.
  releaseOutcomes: campResultOutcomes,
  resultAsReleased: campResultAsReleased,
  decide: (ctx, applicant, input, actor) => recordDecision(ctx.db, ctx.clock.now(), SUMMER_CAMP_AREA, applicant, input, actor),
};
