import type { AdmissionArea, FormSubmissionWindow, Language } from '@gradus/contract';
import type { ZodType } from 'zod';
import type { DB } from '../../db/database';
import type { MessageKey } from '../../locales';
import type { Applicant } from '../admissions/applicant';
import type { FormIssue } from './issues';

/**
 * What an area's application form is made of; the engine (engine.ts) does the rest: drafts with a
 * version per save, the lost-reply replay, the lock on submission, a returned form's reopened
 * sections, the submission in one transaction. The engine names no area: each journey folder
 * passes its definition (the doctoral form, the summer camp's).
 */

export type FormWindow = FormSubmissionWindow;

/** Any subset of an area's sections, each as its draft schema gives it back. */
export type FormSections<S extends string> = Partial<Record<S, unknown>>;

/** The choice as columns of the form's row: staff scope (a department's secretary) and lists read these. */
export interface ChoiceColumns {
  department_id: number | null;
  programme_id: number | null;
  supervisor_id: number | null;
}

/** The message keys of an area's refusals (their wording differs: a registration form, a camp application). */
export interface FormMessages {
  staleVersion: MessageKey;
  locked: MessageKey;
  alreadySubmitted: MessageKey;
  sectionLocked: MessageKey;
  draftInvalid: MessageKey;
  incomplete: MessageKey;
  materialsMissing: MessageKey;
  notOpen: MessageKey;
  closed: MessageKey;
  correctionClosed: MessageKey;
  noForm: MessageKey;
}

/** The form's own refusals in their generic wording; an area overrides those that name its process (a registration, a camp). */
export const FORM_MESSAGES: FormMessages = {
  staleVersion: 'form.error.staleVersion',
  locked: 'form.error.locked',
  alreadySubmitted: 'form.error.alreadySubmitted',
  sectionLocked: 'form.error.sectionLocked',
  draftInvalid: 'form.error.draftInvalid',
  incomplete: 'form.error.incomplete',
  materialsMissing: 'form.error.materialsMissing',
  notOpen: 'form.error.notOpen',
  closed: 'form.error.closed',
  correctionClosed: 'form.error.correctionClosed',
  noForm: 'form.error.noForm',
};

/** How a problem names where it is: the section's label, a field's label (the first key that exists), the bounds quoted. */
export interface FormLabels {
  section: (section: string) => string;
  /** Candidate message keys for a field's label, most specific first. */
  field: (field: string) => readonly string[];
  /** The {{min}} / {{max}} a problem in this section quotes (a text's length, a list's rows). */
  bounds: (section: string | null) => { min: number; max: number };
}

export interface FormDefinition<S extends string> {
  area: AdmissionArea;
  sections: readonly S[];
  required: readonly S[];
  /** Each section's draft schema: stored sections are read back through it. */
  draftSchemas: Readonly<Record<S, ZodType>>;
  /** The saveDraft body: a version and the strict object of draft sections. */
  saveDraftRequest: ZodType<{ version: number; sections: FormSections<S> }>;
  /** The complete rules, which may depend on who applies (register type). */
  completeSchemas: (applicant: Applicant) => Readonly<Record<S, ZodType>>;
  /** What the clock refuses in these sections (a month recording something done cannot be in the future). */
  clockIssues: (sections: FormSections<S>, now: number) => FormIssue[];
  /** What the catalogue refuses in these sections (each given section has no problem of its own). */
  catalogueIssues: (db: DB, sections: FormSections<S>, applicant: Applicant) => Promise<FormIssue[]>;
  choiceColumns: (db: DB, sections: FormSections<S>) => Promise<ChoiceColumns>;
  /** When a form that is not returned may be submitted, given its sections (a camp form's depends on the camps chosen). */
  submissionWindow: (db: DB, now: number, applicant: Applicant, sections: FormSections<S>) => Promise<FormWindow>;
  /** A refusal of the area's own at submission, before the window is checked (a chosen camp closed). Not for a returned form. */
  beforeSubmit?: (db: DB, now: number, applicant: Applicant, sections: FormSections<S>, lang: Language) => Promise<void>;
  missingMaterials: (db: DB, applicant: Applicant) => Promise<string[]>;
  /** The message key naming a material category. */
  materialLabel: (category: string) => string;
  labels: FormLabels;
  messages: FormMessages;
}
