import { MATERIAL_REVIEW_STAGE, type SheetItem } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { loadApplication } from '../../applications/target';
import { assignmentsView, autoAssign } from '../../review/assign';
import { currentCycle, saveReviewSettings } from '../../review/cycle';
import { saveScore } from '../../review/scoring';
import { saveScoreSheet } from '../../review/sheets';

/** The demo's score sheet, the same for each doctoral programme. */
const SHEET: SheetItem[] = [
  { key: 'research', nameZh: '科研能力与成果', nameEn: 'Research ability and output', max: '40', weight: '1' },
  { key: 'plan', nameZh: '研究计划', nameEn: 'Research plan', max: '40', weight: '1' },
  { key: 'language', nameZh: '外语水平', nameEn: 'Foreign language', max: '20', weight: '1' },
];
/** The seed the demo's assignment was drawn with: the office's screen reproduces it with the same seed. */
export const DEMO_ASSIGNMENT_SEED = 2027;

/**
 * The material review of the demo (issue #9), run through the real services: the rules (two
 * experts per eligible application, the mean of both), a sheet per doctoral programme, experts
 * assigned automatically (never a supervisor the applicant named), and the first applications of
 * each programme scored by both experts, so the ranked lists have content and the experts still
 * have files waiting.
 */
export async function seedExpertReview(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const cycle = await currentCycle(ctx.db, MATERIAL_REVIEW_STAGE);
  const office = await ctx.db.selectFrom('app_user').select('id').where('login_name', '=', 'admin').executeTakeFirst();
  const by = office?.id ?? null;
  await saveReviewSettings(ctx.db, now, cycle, { method: 'mean', minExperts: 2, expertsPerApplication: 2, maxLoad: 40 }, by);
  const programmes = await ctx.db.selectFrom('programme').select('id').where('code', 'like', '%-PHD-%').execute();
  for (const p of programmes) await saveScoreSheet(ctx.db, now, cycle, { programmeId: p.id, items: SHEET, version: 0 }, by);
  await autoAssign(ctx.db, now, cycle, { seed: DEMO_ASSIGNMENT_SEED }, by);

  const { rows } = await assignmentsView(ctx.db, cycle);
  const scoredPerProgramme = new Map<string, number>();
  for (const [i, row] of rows.entries()) {
    const programme = row.programme?.code ?? '';
    const done = scoredPerProgramme.get(programme) ?? 0;
    // Two of each programme's applications scored by both experts: the rest wait for them.
    if (done >= 2) continue;
    scoredPerProgramme.set(programme, done + 1);
    const loaded = await loadApplication(ctx.db, row.applicationId);
    for (const [j, expert] of row.experts.entries()) {
      const research = 28 + ((i * 7 + j * 5) % 12);
      const plan = 26 + ((i * 3 + j * 11) % 13);
      const language = 12 + ((i + j * 3) % 8);
      await saveScore(
        ctx.db,
        now,
        cycle,
        loaded,
        { scores: { research: String(research), plan: `${plan}.5`, language: String(language) }, comment: '', submit: true, version: 0 },
        { kind: 'expert', userId: expert.userId },
      );
    }
  }
}
