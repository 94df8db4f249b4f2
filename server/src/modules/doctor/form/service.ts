import {
  completeSectionSchemas,
  FORM_SECTIONS,
  maskIdNumber,
  ReplyCode,
  REQUIRED_SECTIONS,
  saveDraftRequest,
  submitFormRequest,
  type DraftSections,
  type FormDetailView,
  type FormSection,
  type Language,
  type SaveDraftResponse,
  type SubmitFormResponse,
} from '@gradus/contract';
import type { AppContext } from '../../../context';
import type { DB } from '../../../db/database';
import { isUniqueViolation } from '../../../db/dialect';
import { AppError } from '../../../lib/app-error';
import { isMessageKey, translate } from '../../../locales';
import type { DoctorApplicant } from '../applicant';
import { stageWindows, withinWindow } from '../journey/releases';
import { forgetGates, missingRequiredMaterials } from '../journey/service';
import { intendedIssues } from './catalogue';
import { formInvalid, type FormIssue } from './issues';
import { beijingTime, FORM_AREA, findForm, isoOrNull, reopenedOf, storedSections } from './repo';

const stale = () => new AppError(ReplyCode.CONFLICT, 'form.error.staleVersion');

/**
 * When the form may be submitted: inside both the registration window and the form-submission
 * stage's own window (whichever is narrower).
 */
async function submissionWindow(db: DB, now: number): Promise<FormDetailView['submission']> {
  const w = await stageWindows(db);
  const opens = [w.registration.opensAt, w.formSubmitted.opensAt].filter((v): v is string => !!v).sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null;
  const closes = [w.registration.closesAt, w.formSubmitted.closesAt].filter((v): v is string => !!v).sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
  return {
    opensAt: opens,
    closesAt: closes,
    open: withinWindow(w.registration, now) && withinWindow(w.formSubmitted, now),
    closed: closes !== null && now > Date.parse(closes),
  };
}

function materialNames(lang: Language, keys: readonly string[]): string {
  const names = keys.map((k) => {
    const key = `form.material.${k}`;
    return isMessageKey(key) ? translate(lang, key) : k;
  });
  return names.join(lang === 'zh-CN' || lang === 'ja' ? '、' : ', ');
}

function sectionNames(lang: Language, sections: readonly FormSection[]): string {
  return sections.map((s) => translate(lang, `form.section.${s}`)).join(lang === 'zh-CN' || lang === 'ja' ? '、' : ', ');
}

export async function formDetail(ctx: AppContext, applicant: DoctorApplicant): Promise<FormDetailView> {
  const [row, user, window, missing] = await Promise.all([
    findForm(ctx.db, applicant),
    ctx.db
      .selectFrom('app_user')
      .select(['name', 'sex', 'id_type', 'id_number', 'email', 'mobile'])
      .where('id', '=', applicant.userId)
      .executeTakeFirstOrThrow(),
    submissionWindow(ctx.db, ctx.clock.now()),
    missingRequiredMaterials(ctx.db, applicant),
  ]);
  return {
    status: (row?.status as FormDetailView['status'] | undefined) ?? 'none',
    version: row?.version ?? 0,
    sections: storedSections(row),
    savedAt: isoOrNull(row?.saved_at),
    submittedAt: isoOrNull(row?.submitted_at),
    reopenedSections: reopenedOf(row),
    returnReason: row?.status === 'returned' ? row.return_reason : null,
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
 * editable; a returned form takes changes only in the sections the reviewer reopened.
 */
export async function saveDraft(ctx: AppContext, applicant: DoctorApplicant, lang: Language, body: unknown): Promise<SaveDraftResponse> {
  const parsed = saveDraftRequest.safeParse(body ?? {});
  if (!parsed.success) throw formInvalid(lang, 'form.error.draftInvalid', parsed.error.issues);
  const { version, sections } = parsed.data;
  const now = ctx.clock.now();

  if ((await submissionWindow(ctx.db, now)).closed) throw new AppError(ReplyCode.FORBIDDEN, 'form.error.closed');
  const row = await findForm(ctx.db, applicant);
  if (row?.status === 'submitted') throw new AppError(ReplyCode.CONFLICT, 'form.error.locked');
  if ((row?.version ?? 0) !== version) throw stale();

  const stored = storedSections(row);
  if (row?.status === 'returned') {
    const reopened = reopenedOf(row);
    // A client may send a locked section back unchanged (it sends what it shows); only a change is refused.
    const changed = FORM_SECTIONS.filter((s) => sections[s] !== undefined && !reopened.includes(s) && JSON.stringify(sections[s]) !== JSON.stringify(stored[s]));
    if (changed.length > 0) throw new AppError(ReplyCode.FORBIDDEN, 'form.error.sectionLocked', { sections: sectionNames(lang, reopened) });
  }
  if (sections.intended) {
    const issues = await intendedIssues(ctx.db, sections.intended);
    if (issues.length > 0) throw formInvalid(lang, 'form.error.draftInvalid', issues);
  }

  const merged: DraftSections = { ...stored };
  for (const s of FORM_SECTIONS) if (sections[s] !== undefined) (merged as Record<string, unknown>)[s] = sections[s];
  const json = JSON.stringify(merged);

  if (!row) {
    try {
      await ctx.db
        .insertInto('application_form')
        .values({ user_id: applicant.userId, recruit_year: applicant.recruitYear, area: FORM_AREA, status: 'draft', sections_json: json, version: 1, saved_at: now, created_at: now })
        .execute();
    } catch (err) {
      // Two first saves racing (two tabs): the second one is stale.
      if (isUniqueViolation(err)) throw stale();
      throw err;
    }
    return { status: 'draft', version: 1, savedAt: new Date(now).toISOString() };
  }
  const result = await ctx.db
    .updateTable('application_form')
    .set({ sections_json: json, version: version + 1, saved_at: now })
    .where('id', '=', row.id)
    .where('version', '=', version)
    .where('status', '=', row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw stale();
  return { status: row.status as SaveDraftResponse['status'], version: version + 1, savedAt: new Date(now).toISOString() };
}

/** Every problem of the stored sections against the complete rules, catalogue included. */
export async function completenessIssues(db: DB, sections: DraftSections): Promise<FormIssue[]> {
  const issues: FormIssue[] = [];
  for (const s of FORM_SECTIONS) {
    const value = sections[s];
    if (value === undefined) {
      if (REQUIRED_SECTIONS.includes(s)) issues.push({ code: 'custom', path: [s], message: 'form.sectionMissing' });
      continue;
    }
    const result = completeSectionSchemas[s].safeParse(value);
    if (!result.success) issues.push(...result.error.issues.map((i) => ({ ...i, path: [s, ...i.path] })));
  }
  if (sections.intended && !issues.some((i) => i.path[0] === 'intended')) issues.push(...(await intendedIssues(db, sections.intended)));
  return issues;
}

/**
 * Locks the form. Refused, with nothing changed, when: already submitted; the version is stale;
 * submission is not open; a required section is incomplete; a required material is missing.
 */
export async function submitForm(ctx: AppContext, applicant: DoctorApplicant, lang: Language, body: unknown): Promise<SubmitFormResponse> {
  const parsed = submitFormRequest.safeParse(body ?? {});
  if (!parsed.success) throw formInvalid(lang, 'form.error.incomplete', parsed.error.issues);
  const { version } = parsed.data;
  const now = ctx.clock.now();

  const row = await findForm(ctx.db, applicant);
  if (!row) throw new AppError(ReplyCode.NOT_FOUND, 'form.error.noForm');
  if (row.status === 'submitted') throw new AppError(ReplyCode.CONFLICT, 'form.error.alreadySubmitted');
  if (row.version !== version) throw stale();

  const window = await submissionWindow(ctx.db, now);
  if (!window.open) {
    if (window.closed) throw new AppError(ReplyCode.FORBIDDEN, 'form.error.closed');
    throw new AppError(ReplyCode.FORBIDDEN, 'form.error.notOpen', { opensAt: window.opensAt ? beijingTime(Date.parse(window.opensAt)) : '' });
  }

  const issues = await completenessIssues(ctx.db, storedSections(row));
  if (issues.length > 0) throw formInvalid(lang, 'form.error.incomplete', issues);
  const missing = await missingRequiredMaterials(ctx.db, applicant);
  if (missing.length > 0) throw new AppError(ReplyCode.BAD_INPUT, 'form.error.materialsMissing', { categories: materialNames(lang, missing) });

  const result = await ctx.db
    .updateTable('application_form')
    .set({ status: 'submitted', version: version + 1, submitted_at: now, reopened_sections: null, return_reason: null })
    .where('id', '=', row.id)
    .where('version', '=', version)
    .where('status', 'in', ['draft', 'returned'])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    // Another request got there first: tell the loser what happened.
    const now2 = await findForm(ctx.db, applicant);
    if (now2?.status === 'submitted') throw new AppError(ReplyCode.CONFLICT, 'form.error.alreadySubmitted');
    throw stale();
  }
  forgetGates(ctx, applicant.userId);
  return { status: 'submitted', version: version + 1, submittedAt: new Date(now).toISOString() };
}
