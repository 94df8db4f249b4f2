import { maskIdNumber, ReplyCode, submitFormRequest, type FormPersonalView, type FormStatus, type Language, type SaveDraftResponse, type SubmitFormResponse } from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { AppError } from '../../lib/app-error';
import { isMessageKey, translate, writesCjk } from '../../locales';
import type { Applicant } from '../admissions/applicant';
import { lockApplicant } from '../admissions/applicant-lock';
import { refreshListStates } from '../applications/list-states';
import type { FormDefinition, FormSections, FormWindow } from './definition';
import { formInvalid, type FormIssue } from './issues';
import { findForm, isoOrNull, reopenedOf, storedSections } from './repo';
import { assertOpen, formWindow } from './window';

/**
 * The application form of any area, driven by its definition (definition.ts): drafts of any subset
 * of sections, a version per save, the lock on submission, a returned form's reopened sections.
 */

const stale = (def: FormDefinition<string>) => new AppError(ReplyCode.CONFLICT, def.messages.staleVersion);
const listJoin = (lang: Language, names: readonly string[]) => names.join(writesCjk(lang) ? '、' : ', ');
const labelOf = (lang: Language, key: string, fallback: string) => (isMessageKey(key) ? translate(lang, key) : fallback);

/** What every area's form detail holds; the area's view narrows the sections' type. */
export interface FormDetail<S extends string> {
  status: FormStatus;
  version: number;
  sections: FormSections<S>;
  savedAt: string | null;
  submittedAt: string | null;
  reopenedSections: S[];
  returnReason: string | null;
  returnedUntil: string | null;
  personal: FormPersonalView;
  submission: FormWindow;
  missingMaterials: string[];
}

export async function formDetail<S extends string>(def: FormDefinition<S>, ctx: AppContext, applicant: Applicant): Promise<FormDetail<S>> {
  const [row, user, missing] = await Promise.all([
    findForm(ctx.db, def.area, applicant),
    ctx.db.selectFrom('app_user').select(['name', 'sex', 'id_type', 'id_number', 'email', 'mobile']).where('id', '=', applicant.userId).executeTakeFirstOrThrow(),
    def.missingMaterials(ctx.db, applicant),
  ]);
  const sections = storedSections(def, row);
  const window = await formWindow(def, ctx.db, row, ctx.clock.now(), applicant, sections);
  const returned = row?.status === 'returned';
  return {
    status: (row?.status as FormStatus | undefined) ?? 'none',
    version: row?.version ?? 0,
    sections,
    savedAt: isoOrNull(row?.saved_at),
    submittedAt: isoOrNull(row?.submitted_at),
    reopenedSections: reopenedOf(def.sections, row),
    returnReason: returned ? row.return_reason : null,
    returnedUntil: returned ? isoOrNull(row.returned_until) : null,
    personal: {
      name: user.name,
      sex: user.sex,
      idType: user.id_type,
      idNumber: user.id_number ? maskIdNumber(user.id_number) : null,
      registerNo: applicant.applicantNumber,
      registerType: applicant.registerType,
      recruitYear: applicant.recruitYear,
      email: user.email,
      mobile: user.mobile,
    },
    submission: window,
    missingMaterials: missing,
  };
}

/** The clock's and the catalogue's problems with these sections; the catalogue only asks about sections with none of their own. */
async function contextIssues<S extends string>(def: FormDefinition<S>, db: DB, sections: FormSections<S>, now: number, applicant: Applicant, found: readonly FormIssue[]): Promise<FormIssue[]> {
  const issues = def.clockIssues(sections, now);
  const flagged = new Set([...found, ...issues].map((i) => i.path[0]));
  const clean = Object.fromEntries(def.sections.filter((s) => sections[s] !== undefined && !flagged.has(s)).map((s) => [s, sections[s]])) as FormSections<S>;
  if (Object.keys(clean).length > 0) issues.push(...(await def.catalogueIssues(db, clean, applicant)));
  return issues;
}

/**
 * Saves any subset of sections. Nothing is written unless every given field passes its draft check,
 * the version is the one stored (another window may have saved meanwhile) and the form is still
 * editable; a returned form takes changes only in the sections the reviewer reopened, until its
 * correction deadline.
 */
export async function saveDraft<S extends string>(def: FormDefinition<S>, ctx: AppContext, applicant: Applicant, lang: Language, body: unknown): Promise<SaveDraftResponse> {
  const parsed = def.saveDraftRequest.safeParse(body ?? {});
  if (!parsed.success) throw formInvalid(lang, def, def.messages.draftInvalid, parsed.error.issues);
  const { version, sections } = parsed.data;
  const now = ctx.clock.now();

  const row = await findForm(ctx.db, def.area, applicant);
  const stored = storedSections(def, row);
  const merged: FormSections<S> = { ...stored };
  for (const s of def.sections) if (sections[s] !== undefined) merged[s] = sections[s];
  // The window of the form as this save leaves it: a camper may move a choice away from a closed camp.
  assertOpen(def.messages, row, await formWindow(def, ctx.db, row, now, applicant, merged), { submitting: false });
  if (row?.status === 'submitted') throw new AppError(ReplyCode.CONFLICT, def.messages.locked);

  const same = (s: S) => JSON.stringify(sections[s]) === JSON.stringify(stored[s]);
  // The reply to a save that committed was lost and the client sent it again: the same content
  // on the version it started from. Saying "changed elsewhere" would lock the applicant out.
  if (row && version === row.version - 1 && def.sections.every((s) => sections[s] === undefined || same(s))) {
    return { status: row.status as SaveDraftResponse['status'], version: row.version, savedAt: new Date(Number(row.saved_at)).toISOString() };
  }
  if ((row?.version ?? 0) !== version) throw stale(def);

  if (row?.status === 'returned') {
    const reopened = reopenedOf(def.sections, row);
    // A client may send a locked section back unchanged (it sends what it shows); only a change is refused.
    const locked = def.sections.filter((s) => sections[s] !== undefined && !reopened.includes(s) && !same(s));
    if (locked.length > 0) {
      throw new AppError(ReplyCode.FORBIDDEN, def.messages.sectionLocked, { sections: listJoin(lang, reopened.map((s) => labelOf(lang, def.labels.section(s), s))) });
    }
  }
  // Only what this save changes is checked against the clock and the catalogue: a section sent
  // back as stored (a returned form's locked ones) must not fail because the catalogue moved on.
  const changed = Object.fromEntries(def.sections.filter((s) => sections[s] !== undefined && !same(s)).map((s) => [s, sections[s]])) as FormSections<S>;
  const issues = await contextIssues(def, ctx.db, changed, now, applicant, []);
  if (issues.length > 0) throw formInvalid(lang, def, def.messages.draftInvalid, issues);

  const json = JSON.stringify(merged);
  const choice = await def.choiceColumns(ctx.db, merged);

  if (!row) {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('application_form')
          .values({ user_id: applicant.userId, recruit_year: applicant.recruitYear, area: def.area, status: 'draft', sections_json: json, ...choice, version: 1, saved_at: now, created_at: now })
          .execute();
        // A photo or a paid fee may come before the first save: the new form starts from them.
        await refreshListStates(trx, { userId: applicant.userId, recruitYear: applicant.recruitYear, area: def.area });
      });
    } catch (err) {
      // Two first saves racing (two tabs): the second one is stale.
      if (isUniqueViolation(err)) throw stale(def);
      throw err;
    }
    return { status: 'draft', version: 1, savedAt: new Date(now).toISOString() };
  }
  const result = await ctx.db
    .updateTable('application_form')
    .set({ sections_json: json, ...choice, version: version + 1, saved_at: now })
    .where('id', '=', row.id)
    .where('version', '=', version)
    .where('status', '=', row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw stale(def);
  return { status: row.status as SaveDraftResponse['status'], version: version + 1, savedAt: new Date(now).toISOString() };
}

/**
 * Every problem of the stored sections against the complete rules, catalogue included. `only`
 * limits the check to the sections the applicant may change (a returned form's reopened ones): a
 * locked section they cannot touch must not block them, even if the catalogue moved on.
 */
export async function completenessIssues<S extends string>(
  def: FormDefinition<S>,
  db: DB,
  sections: FormSections<S>,
  now: number,
  applicant: Applicant,
  only: readonly S[] = def.sections,
): Promise<FormIssue[]> {
  const schemas = def.completeSchemas(applicant);
  const issues: FormIssue[] = [];
  for (const s of only) {
    const value = sections[s];
    if (value === undefined) {
      if (def.required.includes(s)) issues.push({ code: 'custom', path: [s], message: 'form.sectionMissing' });
      continue;
    }
    const result = schemas[s].safeParse(value);
    if (!result.success) issues.push(...result.error.issues.map((i) => ({ ...i, path: [s, ...i.path] })));
  }
  const checked = Object.fromEntries(only.map((s) => [s, sections[s]])) as FormSections<S>;
  issues.push(...(await contextIssues(def, db, checked, now, applicant, issues)));
  return issues;
}

/**
 * Locks the form. Refused, with nothing changed, when: already submitted; the version is stale;
 * submission (or a returned form's correction period) is not open; a section the applicant may
 * change is incomplete; a required material is missing.
 *
 * One transaction that first takes the applicant lock the materials calls take too, so a file
 * deleted in another tab cannot slip between the materials check and the lock, and two submits
 * at once queue up: the second sees the first one's result.
 */
export async function submitForm<S extends string>(def: FormDefinition<S>, ctx: AppContext, applicant: Applicant, lang: Language, body: unknown): Promise<SubmitFormResponse> {
  const parsed = submitFormRequest.safeParse(body ?? {});
  if (!parsed.success) throw formInvalid(lang, def, def.messages.incomplete, parsed.error.issues);
  const { version } = parsed.data;
  const now = ctx.clock.now();

  await ctx.db.transaction().execute(async (trx) => {
    await lockApplicant(trx, applicant.userId);
    const row = await findForm(trx, def.area, applicant);
    if (!row) throw new AppError(ReplyCode.NOT_FOUND, def.messages.noForm);
    if (row.status === 'submitted') throw new AppError(ReplyCode.CONFLICT, def.messages.alreadySubmitted);
    if (row.version !== version) throw stale(def);
    const sections = storedSections(def, row);
    if (row.status !== 'returned' && def.beforeSubmit) await def.beforeSubmit(trx, now, applicant, sections, lang);
    assertOpen(def.messages, row, await formWindow(def, trx, row, now, applicant, sections), { submitting: true });

    const reopened = row.status === 'returned' ? reopenedOf(def.sections, row) : undefined;
    const issues = await completenessIssues(def, trx, sections, now, applicant, reopened);
    if (issues.length > 0) throw formInvalid(lang, def, def.messages.incomplete, issues);
    const missing = await def.missingMaterials(trx, applicant);
    if (missing.length > 0) {
      throw new AppError(ReplyCode.BAD_INPUT, def.messages.materialsMissing, { categories: listJoin(lang, missing.map((k) => labelOf(lang, def.materialLabel(k), k))) });
    }

    const result = await trx
      .updateTable('application_form')
      .set({ status: 'submitted', version: version + 1, submitted_at: now, reopened_sections: null, return_reason: null })
      .where('id', '=', row.id)
      .where('version', '=', version)
      .executeTakeFirst();
    // The lock makes this unreachable unless something bypasses it; refuse rather than guess.
    if (Number(result.numUpdatedRows) !== 1) throw stale(def);
  });
  ctx.applicantChanged.changed(applicant.userId);
  return { status: 'submitted', version: version + 1, submittedAt: new Date(now).toISOString() };
}
