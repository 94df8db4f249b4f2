import { DOCTOR_AREA, TICKET_PREREQUISITE, type ScoreKind } from '@gradus/contract';
import type { DB } from '../../../db/database';
import type { ScoreCohortRow } from '../../admissions/journey';

/**
 * Who should have a doctoral score of a kind in a cycle: those who passed the review before it.
 * - language: the foreign-language exam's ticket goes to those who passed the eligibility review
 *   (TICKET_PREREQUISITE.language), so its score is theirs;
 * - material: the material review scores the eligible applications (the expert review's pool is
 *   the eligibility review's passes), the same applicants;
 * - assessment: the comprehensive assessment sits those qualified for it (TICKET_PREREQUISITE.assessment);
 * - final: it combines the assessment with the earlier scores, so only those who sat the assessment get one.
 * The decision is read, not the form's list state: it is what the tickets are issued on.
 */
export async function scoreCohort(db: DB, recruitYear: string, kind: ScoreKind): Promise<ScoreCohortRow[]> {
  const stage = kind === 'language' || kind === 'material' ? TICKET_PREREQUISITE.language : TICKET_PREREQUISITE.assessment;
  const rows = await db
    .selectFrom('review_decision as d')
    .innerJoin('app_user as u', 'u.id', 'd.user_id')
    .leftJoin('application_form as f', (j) => j.onRef('f.user_id', '=', 'd.user_id').onRef('f.recruit_year', '=', 'd.recruit_year').on('f.area', '=', DOCTOR_AREA))
    .leftJoin('programme as p', 'p.id', 'f.programme_id')
    .select(['u.id', 'u.applicant_number', 'u.name', 'p.id as programme_id', 'p.name_zh', 'p.name_en'])
    .where('d.area', '=', DOCTOR_AREA)
    .where('d.recruit_year', '=', recruitYear)
    .where('d.stage', '=', stage)
    .where('d.outcome', '=', 'pass')
    .orderBy('u.applicant_number')
    .execute();
  return rows.map((r) => ({
    userId: r.id,
    applicantNumber: r.applicant_number ?? '',
    name: r.name,
    programme: r.programme_id === null || r.programme_id === undefined ? null : { id: r.programme_id, nameZh: r.name_zh ?? '', nameEn: r.name_en ?? '' },
  }));
}
