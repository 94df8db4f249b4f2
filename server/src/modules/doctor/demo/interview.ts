import { ASSESSMENT_QUALIFICATION_STAGE, type InterviewKind, type SheetItem } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { interviewCandidates, saveInterviewSession } from '../../interview/office';
import { saveInterviewScore } from '../../interview/panel';
import { loadSession } from '../../interview/session';
import { currentCycle, saveReviewSettings } from '../../review/cycle';
import { internalExperts } from '../../review/pool';
import { saveScoreSheet } from '../../review/sheets';
import { decide } from '../results/staff';

/** The demo's interview sheets, the same for each doctoral programme. */
const SHEETS: Record<InterviewKind, SheetItem[]> = {
  assessment: [
    { key: 'knowledge', nameZh: '专业知识', nameEn: 'Subject knowledge', max: '40', weight: '1' },
    { key: 'research', nameZh: '科研潜质', nameEn: 'Research potential', max: '40', weight: '1' },
    { key: 'expression', nameZh: '表达与应变', nameEn: 'Expression and response', max: '20', weight: '1' },
  ],
  language: [
    { key: 'listening', nameZh: '听说能力', nameEn: 'Listening and speaking', max: '50', weight: '1' },
    { key: 'reading', nameZh: '专业文献阅读', nameEn: 'Reading in the field', max: '50', weight: '1' },
  ],
};
const DAY = 86_400_000;
/** `days` from now at `hour` o'clock, Beijing time. */
function beijing(now: number, days: number, hour: number): string {
  const d = new Date(now + days * DAY);
  d.setUTCHours(hour - 8, 0, 0, 0);
  return d.toISOString();
}

/** The panel's secretary in the demo: the README's reviewer, who scores and locks. */
const SECRETARY_LOGIN = 'reviewer';

/**
 * Interview sessions of the demo (issue #9), through the real services: sheets and rules for both
 * interview stages, and for the doctoral programme with the most eligible applicants an
 * assessment session (three qualified applicants, qualifying a few more if the ranked list has not
 * yet) and a foreign-language session. In the assessment session the two other members have
 * submitted every score and the secretary (the demo's reviewer) has scored the first applicant:
 * the reviewer finishes, locks and prints the record.
 */
export async function seedInterviews(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const office = await ctx.db.selectFrom('app_user').select('id').where('login_name', '=', 'admin').executeTakeFirst();
  const by = office?.id ?? null;
  const programmes = await ctx.db.selectFrom('programme').select('id').where('code', 'like', '%-PHD-%').execute();
  for (const kind of ['assessment', 'language'] as const) {
    const cycle = await currentCycle(ctx.db, kind);
    await saveReviewSettings(ctx.db, now, cycle, { method: 'mean', minExperts: 2, expertsPerApplication: 3, maxLoad: 40 }, by);
    for (const p of programmes) await saveScoreSheet(ctx.db, now, cycle, { programmeId: p.id, items: SHEETS[kind], version: 0 }, by);
  }

  // The programme with the most eligible applicants.
  let best = { programmeId: 0, count: 0 };
  for (const p of programmes) {
    const { applicants } = await interviewCandidates(ctx.db, 'language', p.id);
    if (applicants.length > best.count) best = { programmeId: p.id, count: applicants.length };
  }
  if (best.count < 2) return;
  const language = await interviewCandidates(ctx.db, 'language', best.programmeId);
  let assessment = await interviewCandidates(ctx.db, 'assessment', best.programmeId);
  const recruitYear = (await currentCycle(ctx.db, 'assessment')).recruitYear;
  for (const a of language.applicants) {
    if (assessment.applicants.length >= 3) break;
    if (assessment.applicants.some((q) => q.applicationId === a.applicationId)) continue;
    const user = await ctx.db.selectFrom('application_form').select('user_id').where('id', '=', a.applicationId).executeTakeFirstOrThrow();
    await decide(ctx.db, now, { userId: user.user_id, recruitYear, applicantNumber: a.applicantNumber }, { stage: ASSESSMENT_QUALIFICATION_STAGE, outcome: 'pass' }, PORTAL_ACTOR);
    assessment = await interviewCandidates(ctx.db, 'assessment', best.programmeId);
  }

  const secretary = await ctx.db.selectFrom('app_user').select('id').where('login_name', '=', SECRETARY_LOGIN).executeTakeFirst();
  // The experts proper: the office's own accounts that also hold the reviewer role stay off the demo's panels.
  const experts = (await internalExperts(ctx.db)).filter((e) => !e.office);
  const panelFor = (applicants: { supervisorUserId: number | null }[]) => {
    const conflicted = new Set(applicants.map((a) => a.supervisorUserId));
    const others = experts.filter((e) => e.userId !== secretary?.id && !conflicted.has(e.userId)).map((e) => e.userId);
    return secretary && !conflicted.has(secretary.id) ? [...others.slice(0, 2), secretary.id] : others.slice(0, 3);
  };

  const seated = assessment.applicants.slice(0, 3);
  const panel = panelFor(seated);
  if (panel.length === 0) return;
  const session = await saveInterviewSession(
    ctx.db,
    now,
    { kind: 'assessment', programmeId: best.programmeId, startsAt: beijing(now, 0, 14), room: '文华楼 301', panel, secretaryUserId: panel[panel.length - 1]!, applicants: seated.map((a) => a.applicationId), version: 0 },
    by,
    'zh-CN',
  );
  const loaded = await loadSession(ctx.db, session.id);
  for (const [m, member] of panel.entries()) {
    const last = m === panel.length - 1;
    for (const [i, slot] of loaded.slots.entries()) {
      // The secretary has scored the first applicant only; the others have scored everyone.
      if (last && i > 0) break;
      const scores = { knowledge: String(30 + ((i * 5 + m * 3) % 9)), research: `${28 + ((i * 7 + m) % 10)}.5`, expression: String(14 + ((i + m * 2) % 6)) };
      await saveInterviewScore(ctx.db, now, loaded, member, { applicationId: slot.applicationId, scores, comment: '', submit: true, version: 0 }, 'zh-CN');
    }
  }

  const listeners = language.applicants.filter((a) => !seated.some((s) => s.applicationId === a.applicationId)).slice(0, 4);
  const languagePanel = panelFor(listeners).slice(-2);
  if (listeners.length && languagePanel.length) {
    await saveInterviewSession(
      ctx.db,
      now,
      { kind: 'language', programmeId: best.programmeId, startsAt: beijing(now, 1, 9), room: '文华楼 305', panel: languagePanel, secretaryUserId: languagePanel[languagePanel.length - 1]!, applicants: listeners.map((a) => a.applicationId), version: 0 },
      by,
      'zh-CN',
    );
  }
}
