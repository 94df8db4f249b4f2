import {
  COMPUTED_REASON,
  ReplyCode,
  SCORE_COMPONENTS,
  weightedFinal,
  type AdmissionArea,
  type ComputeFinalRequest,
  type ComputeFinalView,
  type SaveScoreWeightsRequest,
  type ScoreComponent,
  type ScoreWeight,
  type ScoreWeightsView,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { staffAudit, type StaffActor } from '../admissions/staff-audit';
import { programmeCatalogue } from '../admissions/journey';
import { writeScore } from './record';
import { cohortOf, currentScores, fromHundredths, maxOf, type Recorded, type ScoreCycle } from './service';
import type { DB } from '../../db/database';

/**
 * Final scores (issue #10): the office sets per programme and cycle the weight of each component
 * (whole percent, adding up to 100); the final score of an applicant whose components are all
 * recorded is Σ weight × score / its full marks × the final's full marks, rounded half up to
 * hundredths (contract weightedFinal). Computing writes each new or changed final score as a
 * version ("computed from weights"); the applicants left out are reported with the reason.
 */
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

async function weightsByProgramme(ctx: AppContext, area: AdmissionArea, recruitYear: string): Promise<Map<number, { weights: ScoreWeight[]; updatedAt: number }>> {
  const rows = await ctx.db.selectFrom('score_weight').select(['programme_id', 'kind', 'weight', 'updated_at']).where('area', '=', area).where('recruit_year', '=', recruitYear).execute();
  const byProgramme = new Map<number, { weights: ScoreWeight[]; updatedAt: number }>();
  for (const r of rows) {
    const entry = byProgramme.get(r.programme_id) ?? { weights: [], updatedAt: 0 };
    entry.weights.push({ kind: r.kind as ScoreComponent, weight: Number(r.weight) });
    entry.updatedAt = Math.max(entry.updatedAt, Number(r.updated_at));
    byProgramme.set(r.programme_id, entry);
  }
  for (const entry of byProgramme.values()) entry.weights.sort((a, b) => SCORE_COMPONENTS.indexOf(a.kind) - SCORE_COMPONENTS.indexOf(b.kind));
  return byProgramme;
}

/** Every programme of the area's catalogue, with its weights in the cycle. */
export async function scoreWeights(ctx: AppContext, area: AdmissionArea, recruitYear: string): Promise<ScoreWeightsView> {
  const [catalogue, weights] = await Promise.all([programmeCatalogue(ctx, area), weightsByProgramme(ctx, area, recruitYear)]);
  return {
    recruitYear,
    programmes: catalogue.departments.flatMap((d) =>
      d.programmes.map((p) => {
        const set = weights.get(p.id);
        return { programme: { id: p.id, nameZh: p.nameZh, nameEn: p.nameEn }, weights: set?.weights ?? [], updatedAt: set ? iso(set.updatedAt) : null };
      }),
    ),
  };
}

export async function saveWeights(ctx: AppContext, input: SaveScoreWeightsRequest, actor: StaffActor): Promise<ScoreWeightsView> {
  const catalogue = await programmeCatalogue(ctx, input.area);
  const programme = catalogue.departments.flatMap((d) => d.programmes).find((p) => p.id === input.programmeId);
  if (!programme) throw new AppError(ReplyCode.NOT_FOUND, 'scores.unknownProgramme');
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom('score_weight').where('area', '=', input.area).where('recruit_year', '=', input.recruitYear).where('programme_id', '=', input.programmeId).execute();
    if (input.weights.length > 0) {
      await trx
        .insertInto('score_weight')
        .values(input.weights.map((w) => ({ area: input.area, recruit_year: input.recruitYear, programme_id: input.programmeId, kind: w.kind, weight: w.weight, updated_by: actor.staffUserId, updated_at: now })))
        .execute();
    }
    await staffAudit(trx, now, 'score.weights', actor, {
      detail: { area: input.area, recruitYear: input.recruitYear, programme: programme.code, weights: Object.fromEntries(input.weights.map((w) => [w.kind, w.weight])) },
    });
  });
  return scoreWeights(ctx, input.area, input.recruitYear);
}

type ComponentScores = Map<ScoreComponent, Map<number, Recorded>>;
type FinalOutcome = { skip: 'noWeights' | 'missing'; missing: ScoreComponent[] } | { skip: null; hundredths: number };

/** One applicant's final score from their programme's weights and their component scores: the rule computing and re-checks share. */
function finalFor(userId: number, set: { weights: ScoreWeight[] } | undefined, componentScores: ComponentScores, finalMax: number): FinalOutcome {
  if (!set) return { skip: 'noWeights', missing: [] };
  const missing = set.weights.filter((w) => !componentScores.get(w.kind)!.has(userId)).map((w) => w.kind);
  if (missing.length > 0) return { skip: 'missing', missing };
  const parts = set.weights.map((w) => {
    const s = componentScores.get(w.kind)!.get(userId)!;
    return { weight: w.weight, scoreHundredths: s.score_hundredths, maxHundredths: s.max_score_hundredths };
  });
  return { skip: null, hundredths: weightedFinal(parts, finalMax) };
}

/** What recomputing one applicant's final score needs from outside the transaction: their programme's weights, if any. */
export async function finalWeightsOf(ctx: AppContext, applicant: { userId: number; area: AdmissionArea; recruitYear: string }): Promise<{ weights: ScoreWeight[] } | undefined> {
  const row = (await cohortOf(ctx, { area: applicant.area, recruitYear: applicant.recruitYear, kind: 'final' })).find((a) => a.userId === applicant.userId);
  if (!row?.programme) return undefined;
  return (await weightsByProgramme(ctx, applicant.area, applicant.recruitYear)).get(row.programme.id);
}

/**
 * After a component of one applicant's score changed (a re-check's correction, inside its
 * transaction): recomputes their final score if one was recorded, as a version with `reason`.
 * True when the final score changed.
 */
export async function recomputeFinalOf(
  trx: DB,
  now: number,
  applicant: { userId: number; area: AdmissionArea; recruitYear: string },
  set: { weights: ScoreWeight[] } | undefined,
  reason: string,
  actor: StaffActor,
): Promise<boolean> {
  const final: ScoreCycle = { area: applicant.area, recruitYear: applicant.recruitYear, kind: 'final' };
  const current = (await currentScores(trx, final)).get(applicant.userId);
  if (!current || !set) return false;
  const finalMax = await maxOf(trx, final);
  const components: ComponentScores = new Map();
  for (const kind of SCORE_COMPONENTS) components.set(kind, await currentScores(trx, { ...final, kind }));
  const outcome = finalFor(applicant.userId, set, components, finalMax);
  if (outcome.skip) return false;
  return writeScore(trx, now, { userId: applicant.userId, ...final, scoreHundredths: outcome.hundredths, maxHundredths: finalMax, reason, source: 'computed', by: actor.staffUserId }, current);
}

export async function computeFinal(ctx: AppContext, input: ComputeFinalRequest, actor: StaffActor): Promise<ComputeFinalView> {
  const final: ScoreCycle = { area: input.area, recruitYear: input.recruitYear, kind: 'final' };
  const [cohort, weights, finalMax, finals, ...components] = await Promise.all([
    cohortOf(ctx, final),
    weightsByProgramme(ctx, input.area, input.recruitYear),
    maxOf(ctx.db, final),
    currentScores(ctx.db, final),
    ...SCORE_COMPONENTS.map((kind) => currentScores(ctx.db, { ...final, kind })),
  ]);
  const componentScores = new Map(SCORE_COMPONENTS.map((kind, i) => [kind, components[i]!]));
  const view: ComputeFinalView = { computed: 0, unchanged: 0, skipped: [] };
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    for (const a of cohort) {
      if (input.programmeId && a.programme?.id !== input.programmeId) continue;
      const skip = (reason: ComputeFinalView['skipped'][number]['reason'], missing: ScoreComponent[] = []) =>
        view.skipped.push({ applicantNumber: a.applicantNumber, name: a.name, reason, missing });
      if (!a.programme) {
        skip('noProgramme');
        continue;
      }
      const outcome = finalFor(a.userId, weights.get(a.programme.id), componentScores, finalMax);
      if (outcome.skip) {
        skip(outcome.skip, outcome.missing);
        continue;
      }
      const changed = await writeScore(
        trx,
        now,
        { userId: a.userId, ...final, scoreHundredths: outcome.hundredths, maxHundredths: finalMax, reason: COMPUTED_REASON, source: 'computed', by: actor.staffUserId },
        finals.get(a.userId),
      );
      if (changed) view.computed++;
      else view.unchanged++;
    }
    await staffAudit(trx, now, 'score.compute', actor, {
      detail: { area: input.area, recruitYear: input.recruitYear, programmeId: input.programmeId ?? null, computed: view.computed, unchanged: view.unchanged, skipped: view.skipped.length, finalMax: fromHundredths(finalMax) },
    });
  });
  return view;
}
