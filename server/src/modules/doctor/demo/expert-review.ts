import { MATERIAL_REVIEW_STAGE, type SheetItem } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { loadApplication } from '../../applications/target';
import { assignExpert, assignmentsView, autoAssign } from '../../review/assign';
import { currentCycle, saveReviewSettings } from '../../review/cycle';
import { saveScore } from '../../review/scoring';
import { saveScoreSheet } from '../../review/sheets';
import { saveExternalExpert } from '../../review-link/experts';
import { sendReviewLink } from '../../review-link/links';
import { stageApplications } from '../../review/pool';
import { DEMO_REVIEW_LINKS } from '../../../db/seed/demo';

/** The demo's score sheet, the same for each doctoral programme. */
const SHEET: SheetItem[] = [
  { key: 'research', nameZh: '科研能力与成果', nameEn: 'Research ability and output', max: '40', weight: '1' },
  { key: 'plan', nameZh: '研究计划', nameEn: 'Research plan', max: '40', weight: '1' },
  { key: 'language', nameZh: '外语水平', nameEn: 'Foreign language', max: '20', weight: '1' },
];
/** The demo's two external experts: no account, a mailed link each (printed at start-up, in the outbox). */
export const DEMO_EXTERNAL_EXPERTS = [
  { name: '陈立群', affiliation: '复旦大学经济学院', email: 'chen.liqun@fudan.example.edu' },
  { name: 'María García', affiliation: 'Universidad de Salamanca', email: 'maria.garcia@usal.example.es' },
] as const;
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
  const externals = await assignExternalExperts(ctx, cycle, by);
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
  // Mailed last, so each mail counts the expert's files; into the outbox when no SMTP server is set.
  for (const [i, userId] of externals.entries()) {
    const sent = await sendReviewLink(ctx, cycle, userId, by, 'zh-CN');
    DEMO_REVIEW_LINKS.push({ name: DEMO_EXTERNAL_EXPERTS[i]!.name, link: sent.link });
  }
}

/**
 * Each external expert first takes files that will still be waiting (past the two of each
 * programme the demo scores), so a newcomer opening the link finds work; the automatic assignment
 * then gives those files their internal expert.
 */
async function assignExternalExperts(ctx: AppContext, cycle: Awaited<ReturnType<typeof currentCycle>>, by: number | null): Promise<number[]> {
  const now = ctx.clock.now();
  const apps = await stageApplications(ctx.db, cycle);
  const seen = new Map<number | null, number>();
  const waiting = apps.filter((a) => {
    const n = seen.get(a.programmeId) ?? 0;
    seen.set(a.programmeId, n + 1);
    return n >= 2;
  });
  const ids: number[] = [];
  for (const [i, expert] of DEMO_EXTERNAL_EXPERTS.entries()) {
    const { userId } = await saveExternalExpert(ctx.db, now, expert, by);
    ids.push(userId);
    // Dealt in turn, so each has files of several programmes.
    const theirs = waiting.filter((_, j) => j % DEMO_EXTERNAL_EXPERTS.length === i);
    for (const app of theirs) await assignExpert(ctx.db, now, cycle, { applicationId: app.applicationId, expertUserId: userId }, by);
  }
  return ids;
}
