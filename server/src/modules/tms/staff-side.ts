import { TMS_AREA, type TmsFormSection } from '@gradus/contract';
import { recordDecision } from '../admissions/decisions';
import type { StaffSide } from '../admissions/journey';
import { returnForm } from '../application-form/staff';
import { materialSettings } from '../materials/settings';
import { staffMaterials } from '../materials/staff';
import { linkedCampResult, tmsCatalogue } from './form/catalogue';
import { tmsForm } from './form/definition';
import { tmsFormDetail } from './form/service';
import { interviewReleaseOutcomes, interviewResultAsReleased } from './interview/staff';
import { TMS_MATERIALS } from './materials/area';

/**
 * The tuimian applications as the back office reads and changes them (admissions/journey.ts
 * StaffSide): the form and materials through their engines, the school's review then the graduate
 * school's decision through the core's decisions (the tms area is school-reviewed, contract
 * DEPARTMENT_REVIEWED_AREAS). No photo is asked for, so there is no photo review. The interview
 * results are released (interview/staff.ts).
 */
export const tmsStaffSide: StaffSide = {
  // The master's and doctoral programmes every tuimian choice names; the catalogue is not per year.
  catalogue: (ctx) => tmsCatalogue(ctx.db, null),
  formDetail: async (ctx, applicant) => {
    const detail = await tmsFormDetail(ctx, applicant);
    return { ...detail, linkedCampResult: await linkedCampResult(ctx.db, applicant.userId, detail.sections.recommendation?.campPlaceId) };
  },
  materials: (ctx, who) => staffMaterials(ctx.db, TMS_MATERIALS, who),
  photoRules: async (ctx) => (await materialSettings(ctx.db, TMS_MATERIALS)).photoRules,
  returnForm: (ctx, applicant, input, actor) =>
    returnForm<TmsFormSection>(tmsForm, ctx.db, ctx.clock.now(), {
      userId: applicant.userId,
      recruitYear: applicant.recruitYear,
      returnedBy: actor.staffUserId,
      subject: applicant.applicantNumber,
      ...input,
    }),
  // The interview results, released by the tms cycle's `interviewResult`.
  releaseOutcomes: interviewReleaseOutcomes,
  resultAsReleased: interviewResultAsReleased,
  decide: (ctx, applicant, input, actor) => recordDecision(ctx.db, ctx.clock.now(), TMS_AREA, applicant, input, actor),
};
