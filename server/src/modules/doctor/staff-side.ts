import type { MaterialStatus, MaterialType, StaffMaterialView } from '@gradus/contract';
import type { StaffSide } from '../admissions/journey';
import { cachedCatalogue } from './form/catalogue';
import { formDetail } from './form/service';
import { returnForm } from './form/staff';
import { materialsOf } from './materials/repo';
import { materialSettings } from './materials/settings';
import { reviewPhoto } from './materials/staff';
import { releaseOutcomes, resultAsReleased } from './results/release-outcomes';
import { decide } from './results/staff';
import { scoreCohort } from './results/score-cohort';

const TYPE_BY_MIME: Record<string, MaterialType> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The doctoral records as the back office reads and changes them (admissions/journey.ts StaffSide). */
export const doctorStaffSide: StaffSide = {
  catalogue: (ctx) => cachedCatalogue(ctx),
  formDetail: (ctx, applicant) => formDetail(ctx, applicant),
  async materials(ctx, who) {
    const [rows, settings] = await Promise.all([materialsOf(ctx.db, who), materialSettings(ctx.db)]);
    const phaseOf = new Map(settings.categories.map((c) => [c.key, c.phase]));
    // Staff see the review as decided, whether or not its result is released to the applicant.
    return rows.map(
      (m): StaffMaterialView => ({
        id: m.id,
        category: m.category,
        phase: phaseOf.get(m.category) ?? 'application',
        originalName: m.original_name,
        type: TYPE_BY_MIME[m.mime_type] ?? 'pdf',
        sizeBytes: m.size_bytes,
        filePath: m.file_path,
        uploadedAt: iso(m.created_at)!,
        status: m.status as MaterialStatus,
        reviewReason: m.review_reason,
        reviewedAt: iso(m.reviewed_at),
      }),
    );
  },
  photoRules: async (ctx) => (await materialSettings(ctx.db)).photoRules,
  releaseOutcomes: (ctx, cycle, release) => releaseOutcomes(ctx.db, cycle, release),
  resultAsReleased: (ctx, cycle, release, applicantNumber) => resultAsReleased(ctx.db, cycle, release, applicantNumber),
  returnForm: (ctx, applicant, input, actor) =>
    returnForm(ctx.db, ctx.clock.now(), { userId: applicant.userId, recruitYear: applicant.recruitYear, returnedBy: actor.staffUserId, subject: applicant.applicantNumber, ...input }),
  reviewPhoto: (ctx, input, actor) => reviewPhoto(ctx.db, ctx.clock.now(), input, actor),
  decide: (ctx, applicant, input, actor) => decide(ctx.db, ctx.clock.now(), applicant, input, actor),
  scoreCohort: (ctx, recruitYear, kind) => scoreCohort(ctx.db, recruitYear, kind),
};
