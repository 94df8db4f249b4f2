import {
  completeSectionSchemasFor,
  FORM_SECTIONS,
  futureMonthIssues,
  maskIdNumber,
  monthAt,
  ReplyCode,
  REQUIRED_SECTIONS,
  saveDraftRequest,
  submitFormRequest,
  type DraftSections,
  type FormSection,
  type FormDetailView,
  type Language,
  type SaveDraftResponse,
  type SubmitFormResponse,
} from '@gradus/contract';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import { isUniqueViolation } from '../../../db/dialect';
import { AppError } from '../../../lib/app-error';
import { isMessageKey, translate, writesCjk } from '../../../locales';
import { refreshListStates } from '../../applications/list-states';
import type { DoctorApplicant } from '../applicant';
import { cycleOf } from '../journey/releases';
import { missingRequiredMaterials } from '../journey/service';
import { lockApplicant } from '../materials/repo';
import { intendedIssues } from './catalogue';
import { formInvalid, type FormIssue } from './issues';
import { FORM_AREA, findForm, isoOrNull, reopenedOf, storedSections } from './repo';
import { assertOpen, formWindow } from './window';

const stale = () => new AppError(ReplyCode.CONFLICT, 'form.error.staleVersion');

function materialNames(lang: Language, keys: readonly string[]): string {
  const names = keys.map((k) => {
    const key = `form.material.${k}`;
    return isMessageKey(key) ? translate(lang, key) : k;
  });
  return names.join(writesCjk(lang) ? '、' : ', ');
}

function sectionNames(lang: Language, sections: readonly FormSection[]): string {
  return sections.map((s) => translate(lang, `form.section.${s}`)).join(writesCjk(lang) ? '、' : ', ');
}

export async function formDetail(ctx: AppContext, applicant: DoctorApplicant): Promise<FormDetailView> {
  const [row, user, missing] = await Promise.all([
    findForm(ctx.db, applicant),
    ctx.db
      .selectFrom('app_user')
      .select(['name', 'sex', 'id_type', 'id_number', 'email', 'mobile'])
      .where('id', '=', applicant.userId)
      .executeTakeFirstOrThrow(),
    missingRequiredMaterials(ctx.db, applicant),
  ]);
  const window = await formWindow(ctx.db, row, ctx.clock.now(), cycleOf(applicant), applicant.recruitYear);
  const returned = row?.status === 'returned';
  return {
    status: (row?.status as FormDetailView['status'] | undefined) ?? 'none',
    version: row?.version ?? 0,
    sections: storedSections(row),
    savedAt: isoOrNull(row?.saved_at),
    submittedAt: isoOrNull(row?.submitted_at),
    reopenedSections: reopenedOf(row),
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

/**
 * Saves any subset of sections. Nothing is written unless every given field passes its draft check,
 * the version is the one stored (another window may have saved meanwhile) and the form is still
 * editable; a returned form takes changes only in the sections the reviewer reopened, until its
 * correction deadline.
 */
export async function saveDraft(ctx: AppContext, applicant: DoctorApplicant, lang: Language, body: unknown): Promise<SaveDraftResponse> {
  const parsed = saveDraftRequest.safeParse(body ?? {});
  if (!parsed.success) throw formInvalid(lang, 'form.error.draftInvalid', parsed.error.issues);
  const { version, sections } = parsed.data;
  const now = ctx.clock.now();

  const row = await findForm(ctx.db, applicant);
  assertOpen(row, await formWindow(ctx.db, row, now, cycleOf(applicant), applicant.recruitYear), { submitting: false });
  if (row?.status === 'submitted') throw new AppError(ReplyCode.CONFLICT, 'form.error.locked');

  const stored = storedSections(row);
  const same = (s: FormSection) => JSON.stringify(sections[s]) === JSON.stringify(stored[s]);
  // The reply to a save that committed was lost and the client sent it again: the same content
  // on the version it started from. Saying "changed elsewhere" would lock the applicant out.
  if (row && version === row.version - 1 && FORM_SECTIONS.every((s) => sections[s] === undefined || same(s))) {
    return { status: row.status as SaveDraftResponse['status'], version: row.version, savedAt: new Date(Number(row.saved_at)).toISOString() };
  }
  if ((row?.version ?? 0) !== version) throw stale();

  if (row?.status === 'returned') {
    const reopened = reopenedOf(row);
    // A client may send a locked section back unchanged (it sends what it shows); only a change is refused.
    const locked = FORM_SECTIONS.filter((s) => sections[s] !== undefined && !reopened.includes(s) && !same(s));
    if (locked.length > 0) throw new AppError(ReplyCode.FORBIDDEN, 'form.error.sectionLocked', { sections: sectionNames(lang, reopened) });
  }
  // Only what this save changes is checked against the clock and the catalogue: a section sent
  // back as stored (a returned form's locked ones) must not fail because the catalogue moved on.
  const changed = Object.fromEntries(FORM_SECTIONS.filter((s) => sections[s] !== undefined && !same(s)).map((s) => [s, sections[s]])) as DraftSections;
  const issues: FormIssue[] = futureMonthIssues(changed, monthAt(now));
  if (changed.intended) issues.push(...(await intendedIssues(ctx.db, changed.intended)));
  if (issues.length > 0) throw formInvalid(lang, 'form.error.draftInvalid', issues);

  const merged: DraftSections = { ...stored };
  for (const s of FORM_SECTIONS) if (sections[s] !== undefined) (merged as Record<string, unknown>)[s] = sections[s];
  const json = JSON.stringify(merged);
  // The intended choice, as columns: staff scope (a department's secretary) and lists read these.
  const choice = { department_id: merged.intended?.departmentId ?? null, programme_id: merged.intended?.programmeId ?? null, supervisor_id: merged.intended?.supervisorId ?? null };

  if (!row) {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('application_form')
          .values({ user_id: applicant.userId, recruit_year: applicant.recruitYear, area: FORM_AREA, status: 'draft', sections_json: json, ...choice, version: 1, saved_at: now, created_at: now })
          .execute();
        // A photo or a paid fee may come before the first save: the new form starts from them.
        await refreshListStates(trx, { userId: applicant.userId, recruitYear: applicant.recruitYear, area: FORM_AREA });
      });
    } catch (err) {
      // Two first saves racing (two tabs): the second one is stale.
      if (isUniqueViolation(err)) throw stale();
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
  if (Number(result.numUpdatedRows) !== 1) throw stale();
  return { status: row.status as SaveDraftResponse['status'], version: version + 1, savedAt: new Date(now).toISOString() };
}

/**
 * Every problem of the stored sections against the complete rules, catalogue included. `only`
 * limits the check to the sections the applicant may change (a returned form's reopened ones): a
 * locked section they cannot touch must not block them, even if the catalogue moved on.
 */
export async function completenessIssues(db: DB, sections: DraftSections, now: number, registerType: number, only: readonly FormSection[] = FORM_SECTIONS): Promise<FormIssue[]> {
  const completeSectionSchemas = completeSectionSchemasFor(registerType);
  const issues: FormIssue[] = [];
  for (const s of only) {
    const value = sections[s];
    if (value === undefined) {
      if (REQUIRED_SECTIONS.includes(s)) issues.push({ code: 'custom', path: [s], message: 'form.sectionMissing' });
      continue;
    }
    const result = completeSectionSchemas[s].safeParse(value);
    if (!result.success) issues.push(...result.error.issues.map((i) => ({ ...i, path: [s, ...i.path] })));
  }
  const checked = Object.fromEntries(only.map((s) => [s, sections[s]])) as DraftSections;
  issues.push(...futureMonthIssues(checked, monthAt(now)));
  if (checked.intended && !issues.some((i) => i.path[0] === 'intended')) issues.push(...(await intendedIssues(db, checked.intended)));
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
export async function submitForm(ctx: AppContext, applicant: DoctorApplicant, lang: Language, body: unknown): Promise<SubmitFormResponse> {
  const parsed = submitFormRequest.safeParse(body ?? {});
  if (!parsed.success) throw formInvalid(lang, 'form.error.incomplete', parsed.error.issues);
  const { version } = parsed.data;
  const now = ctx.clock.now();

  await ctx.db.transaction().execute(async (trx) => {
    await lockApplicant(trx, applicant.userId);
    const row = await findForm(trx, applicant);
    if (!row) throw new AppError(ReplyCode.NOT_FOUND, 'form.error.noForm');
    if (row.status === 'submitted') throw new AppError(ReplyCode.CONFLICT, 'form.error.alreadySubmitted');
    if (row.version !== version) throw stale();
    assertOpen(row, await formWindow(trx, row, now, cycleOf(applicant), applicant.recruitYear), { submitting: true });

    const reopened = row.status === 'returned' ? reopenedOf(row) : undefined;
    const issues = await completenessIssues(trx, storedSections(row), now, applicant.registerType, reopened);
    if (issues.length > 0) throw formInvalid(lang, 'form.error.incomplete', issues);
    const missing = await missingRequiredMaterials(trx, applicant);
    if (missing.length > 0) throw new AppError(ReplyCode.BAD_INPUT, 'form.error.materialsMissing', { categories: materialNames(lang, missing) });

    const result = await trx
      .updateTable('application_form')
      .set({ status: 'submitted', version: version + 1, submitted_at: now, reopened_sections: null, return_reason: null })
      .where('id', '=', row.id)
      .where('version', '=', version)
      .executeTakeFirst();
    // The lock makes this unreachable unless something bypasses it; refuse rather than guess.
    if (Number(result.numUpdatedRows) !== 1) throw stale();
  });
  ctx.applicantChanged.changed(applicant.userId);
  return { status: 'submitted', version: version + 1, submittedAt: new Date(now).toISOString() };
}
