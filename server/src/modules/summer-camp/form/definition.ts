import {
  CAMP_FORM_LIMITS,
  CAMP_FORM_SECTIONS,
  CAMP_REQUIRED_SECTIONS,
  campCompleteSectionSchemas,
  campDraftSectionSchemas,
  campFutureMonthIssues,
  campSaveDraftRequest,
  monthAt,
  ReplyCode,
  SUMMER_CAMP_AREA,
  type CampDraftSections,
  type CampFormSection,
  type FormSubmissionWindow,
} from '@gradus/contract';
import type { Database, DB } from '../../../db/database';
import { lockForAppend } from '../../../db/dialect';
import type { Transaction } from 'kysely';
import { CAMP_LOCK } from '../camps/service';
import { AppError } from '../../../lib/app-error';
import { isChinese } from '../../../locales';
import { FORM_MESSAGES, type FormDefinition, type FormSections } from '../../application-form/definition';
import type { FormIssue } from '../../application-form/issues';
import { strayChoices } from '../../application-form/catalogue';
import { campMissingMaterials } from '../materials/required';
import { campOpen, campsOfYear, type YearCamp } from './catalogue';

type Choice = NonNullable<CampDraftSections['choices']>[number];
const choicesOf = (sections: FormSections<CampFormSection>): Choice[] => (sections as CampDraftSections).choices ?? [];

/** The camps the choices name (a programme recruits in one camp a year). */
const chosenCamps = (camps: readonly YearCamp[], choices: readonly Choice[]) =>
  camps.filter((c) => choices.some((choice) => choice.programmeId !== undefined && c.programmeIds.includes(choice.programmeId)));

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * When the form may be submitted: within the application window of every chosen camp (the latest
 * opening to the earliest closing); before a choice, from the year's first opening to its last
 * closing. Closed for good only once every camp of the year has closed: a camper whose chosen camp
 * closed may still choose one that takes applications (the form stays editable, without an
 * opening to wait for, and submitting names the closed camp). A year without camps has nothing to
 * apply to yet: not open, not closed.
 */
async function campWindow(db: DB, now: number, recruitYear: string, choices: readonly Choice[]): Promise<FormSubmissionWindow> {
  const camps = await campsOfYear(db, recruitYear);
  if (camps.length === 0) return { opensAt: null, closesAt: null, open: false, closed: false };
  const allClosed = camps.every((c) => now > Number(c.apply_closes_at));
  const chosen = chosenCamps(camps, choices);
  const opens = (chosen.length ? chosen : camps).map((c) => Number(c.apply_opens_at));
  const closes = (chosen.length ? chosen : camps).map((c) => Number(c.apply_closes_at));
  const opensAt = chosen.length ? Math.max(...opens) : Math.min(...opens);
  const closesAt = chosen.length ? Math.min(...closes) : Math.max(...closes);
  if (now > closesAt && !allClosed) return { opensAt: null, closesAt: iso(closesAt), open: false, closed: false };
  return { opensAt: iso(opensAt), closesAt: iso(closesAt), open: now >= opensAt && now <= closesAt, closed: now > closesAt };
}

/** Each choice names a programme of one of the year's camps, a direction of that programme, a supervisor of that direction. */
async function choiceIssues(db: DB, choices: readonly Choice[], recruitYear: string): Promise<FormIssue[]> {
  const issues: FormIssue[] = [];
  const bad = (i: number, field: keyof Choice) => issues.push({ code: 'custom', path: ['choices', i, field], message: 'form.notInCatalogue' });
  for (const [i, choice] of choices.entries()) {
    const { programmeId } = choice;
    if (programmeId !== undefined) {
      const offered = await db
        .selectFrom('summer_camp_programme as cp')
        .innerJoin('summer_camp as c', 'c.id', 'cp.camp_id')
        .select('cp.camp_id')
        .where('cp.programme_id', '=', programmeId)
        .where('c.recruit_year', '=', recruitYear)
        .executeTakeFirst();
      if (!offered) bad(i, 'programmeId');
    }
    for (const field of await strayChoices(db, choice)) bad(i, field);
  }
  return issues;
}

const textBounds = { min: CAMP_FORM_LIMITS.statementMin, max: CAMP_FORM_LIMITS.statementMax };

/** The summer-camp application form (issue #11) as the form engine runs it. */
export const campForm: FormDefinition<CampFormSection> = {
  area: SUMMER_CAMP_AREA,
  sections: CAMP_FORM_SECTIONS,
  required: CAMP_REQUIRED_SECTIONS,
  draftSchemas: campDraftSectionSchemas,
  saveDraftRequest: campSaveDraftRequest,
  completeSchemas: () => campCompleteSectionSchemas,
  clockIssues: (sections, now) => campFutureMonthIssues(sections, monthAt(now)),
  catalogueIssues: (db, sections, applicant) => choiceIssues(db, choicesOf(sections), applicant.recruitYear),
  // The first choice stands for the form in staff scope and lists: its programme's school, the programme, the supervisor.
  choiceColumns: async (db, sections) => {
    const first = choicesOf(sections)[0];
    const programme = first?.programmeId === undefined ? undefined : await db.selectFrom('programme').select('department_id').where('id', '=', first.programmeId).executeTakeFirst();
    return { department_id: programme?.department_id ?? null, programme_id: programme ? first!.programmeId! : null, supervisor_id: first?.supervisorId ?? null };
  },
  submissionWindow: (db, now, applicant, sections) => campWindow(db, now, applicant.recruitYear, choicesOf(sections)),
  // Every chosen camp must take applications now: naming the one that does not says which choice to change.
  beforeSubmit: async (db, now, applicant, sections, lang) => {
    // Inside the submission's transaction: in turn with the office's camp changes, so a programme
    // cannot leave its camp between this check and the lock (camps/service.ts takes the same lock).
    await lockForAppend(db as Transaction<Database>, CAMP_LOCK, 'summer_camp');
    const camps = await campsOfYear(db, applicant.recruitYear);
    if (camps.length === 0) throw new AppError(ReplyCode.CONFLICT, 'camp.noCamps');
    // Every camp closed: the window's own refusal says it for the whole form.
    if (camps.every((c) => now > Number(c.apply_closes_at))) return;
    const shut = chosenCamps(camps, choicesOf(sections)).find((c) => !campOpen(c, now));
    if (shut) throw new AppError(ReplyCode.CONFLICT, 'camp.applicationsClosed', { camp: isChinese(lang) ? shut.name_zh : shut.name_en });
  },
  missingMaterials: campMissingMaterials,
  materialLabel: (category) => `form.material.${category}`,
  labels: {
    section: (section) => `campForm.section.${section}`,
    field: (field) => [`campForm.field.${field}`, `form.field.${field}`],
    bounds: (section) => {
      const rows = section && section in CAMP_FORM_LIMITS.rows ? CAMP_FORM_LIMITS.rows[section as keyof typeof CAMP_FORM_LIMITS.rows] : null;
      return rows ? { min: rows.min, max: rows.max } : textBounds;
    },
  },
  messages: { ...FORM_MESSAGES, notOpen: 'campForm.error.notOpen', closed: 'campForm.error.closed', noForm: 'campForm.error.noForm' },
};
