import {
  ASSESSMENT_QUALIFICATION_STAGE,
  ReplyCode,
  combine,
  decimalOf,
  hundredthsOf,
  type QualifyResult,
  type RankingRow,
  type RankingView,
  type ReviewSettingsView,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { staffSideOf } from '../admissions/journey';
import { staffAudit } from '../admissions/staff-audit';
import { AppError } from '../../lib/app-error';
import { reviewSettings, type ReviewCycle } from './cycle';
import { stageApplications } from './pool';
import { totalText } from './scoring';

/** '(85.00 + 80.00 + 70.00) / 3 = 78.33', the median or the mean, as the screen explains it. */
function formulaOf(settings: ReviewSettingsView, counted: number[], result: number): string {
  const parts = counted.map(decimalOf);
  if (settings.method === 'median' && parts.length === 1) return `${parts[0]} = ${decimalOf(result)}`;
  return `(${parts.join(' + ')}) / ${parts.length} = ${decimalOf(result)}`;
}

/**
 * A programme's applications of the stage ranked by their combined score: each expert's submitted
 * total, which counted (the trimmed mean drops the highest and the lowest), the formula and the
 * result, exact to the hundredth. Applications without enough scores come last, unranked.
 */
export async function ranking(db: DB, cycle: ReviewCycle, programmeId: number): Promise<RankingView> {
  const [settings, apps] = await Promise.all([reviewSettings(db, cycle), stageApplications(db, cycle, { programmeId })]);
  const ids = apps.map((a) => a.applicantUserId);
  const [scores, assigned, decisions] = ids.length
    ? await Promise.all([
        db
          .selectFrom('expert_score as es')
          .innerJoin('app_user as e', 'e.id', 'es.expert_user_id')
          // Only the experts assigned in this stage count: a score left by an unassignment does not.
          .innerJoin('expert_assignment as a', (join) =>
            join
              .onRef('a.applicant_user_id', '=', 'es.applicant_user_id')
              .onRef('a.recruit_year', '=', 'es.recruit_year')
              .onRef('a.area', '=', 'es.area')
              .onRef('a.stage', '=', 'es.stage')
              .onRef('a.expert_user_id', '=', 'es.expert_user_id'),
          )
          .select(['es.applicant_user_id', 'es.total', 'e.name'])
          .where('es.applicant_user_id', 'in', ids)
          .where('es.recruit_year', '=', cycle.recruitYear)
          .where('es.area', '=', cycle.area)
          .where('es.stage', '=', cycle.stage)
          .where('es.status', '=', 'submitted')
          .orderBy('es.total', 'desc')
          .execute(),
        db
          .selectFrom('expert_assignment')
          .select(['applicant_user_id'])
          .where('applicant_user_id', 'in', ids)
          .where('recruit_year', '=', cycle.recruitYear)
          .where('area', '=', cycle.area)
          .where('stage', '=', cycle.stage)
          .execute(),
        db
          .selectFrom('review_decision')
          .select(['user_id', 'outcome'])
          .where('user_id', 'in', ids)
          .where('recruit_year', '=', cycle.recruitYear)
          .where('area', '=', cycle.area)
          .where('stage', '=', ASSESSMENT_QUALIFICATION_STAGE)
          .execute(),
      ])
    : [[], [], []];
  const rows = apps.map((app): RankingRow & { sortKey: number | null } => {
    const mine = scores.filter((s) => s.applicant_user_id === app.applicantUserId);
    const combined = combine(
      mine.map((s) => s.total),
      settings.method,
      settings.minExperts,
    );
    // Which totals counted: by value, each used once (two equal totals may be one kept, one dropped).
    const counted = [...(combined?.counted ?? [])];
    const decision = decisions.find((d) => d.user_id === app.applicantUserId)?.outcome;
    return {
      rank: null,
      applicationId: app.applicationId,
      applicantNumber: app.applicantNumber,
      name: app.name,
      scores: mine.map((s) => {
        // Without a result yet nothing was left out: only a rule that drops totals strikes one.
        if (!combined) return { expertName: s.name, total: totalText(s.total), counted: true };
        const at = counted.indexOf(Math.round(s.total / 100));
        if (at >= 0) counted.splice(at, 1);
        return { expertName: s.name, total: totalText(s.total), counted: at >= 0 };
      }),
      assigned: assigned.filter((a) => a.applicant_user_id === app.applicantUserId).length,
      combined: combined ? decimalOf(combined.hundredths) : null,
      formula: combined ? formulaOf(settings, combined.counted, combined.hundredths) : null,
      decision: decision === 'pass' || decision === 'fail' ? decision : null,
      sortKey: combined?.hundredths ?? null,
    };
  });
  rows.sort((a, b) => (b.sortKey ?? -1) - (a.sortKey ?? -1) || a.applicantNumber.localeCompare(b.applicantNumber));
  // Equal scores share a rank (1, 2, 2, 4).
  rows.forEach((row, i) => {
    if (row.sortKey === null) return;
    const previous = rows[i - 1];
    row.rank = previous && previous.sortKey === row.sortKey ? previous.rank : i + 1;
  });
  return { stage: cycle.stage, programmeId, settings, rows: rows.map(({ sortKey: _sortKey, ...row }) => row) };
}

/**
 * Records who qualifies for the comprehensive assessment: a combined score at or above the cut-off
 * passes, below it does not (with the cut-off as the reason the applicant will read); without
 * enough scores nothing is recorded. The decisions feed the applicant's result page, which shows
 * them once the office publishes (part 2).
 */
export async function qualify(ctx: AppContext, cycle: ReviewCycle, input: { programmeId: number; cutoff: string }, actor: { staffUserId: number | null }): Promise<QualifyResult> {
  const now = ctx.clock.now();
  const side = staffSideOf(ctx, cycle.area);
  // The whole list or none of it: a failure half-way never leaves some applicants decided.
  return ctx.db.transaction().execute(async (trx) => {
    const list = await ranking(trx, cycle, input.programmeId);
    // Decided on final scores only: while experts can still change theirs, a cut-off would not hold.
    if (!list.settings.closedAt) throw new AppError(ReplyCode.CONFLICT, 'review.closeFirst');
    const cutoff = hundredthsOf(input.cutoff);
    const apps = await stageApplications(trx, cycle, { programmeId: input.programmeId });
    const result: QualifyResult = { qualified: 0, notQualified: 0, undecided: 0 };
    for (const row of list.rows) {
      const app = apps.find((a) => a.applicationId === row.applicationId)!;
      if (row.combined === null) {
        result.undecided++;
        continue;
      }
      const pass = hundredthsOf(row.combined) >= cutoff;
      await side.decide(
        { ...ctx, db: trx },
        { userId: app.applicantUserId, recruitYear: cycle.recruitYear, applicantNumber: app.applicantNumber },
        pass
          ? { stage: ASSESSMENT_QUALIFICATION_STAGE, outcome: 'pass' }
          : { stage: ASSESSMENT_QUALIFICATION_STAGE, outcome: 'fail', reason: `${row.combined} < ${decimalOf(cutoff)}` },
        actor,
      );
      if (pass) result.qualified++;
      else result.notQualified++;
    }
    await staffAudit(trx, now, 'review.qualify', actor, { detail: { recruitYear: cycle.recruitYear, stage: cycle.stage, programmeId: input.programmeId, cutoff: input.cutoff, ...result } });
    return result;
  });
}
