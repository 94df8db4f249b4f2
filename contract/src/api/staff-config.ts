/**
 * Running the portal (issue #10): the configuration editor and the notes applicants read.
 *
 * Configuration, under /mucgrs-service/staff/config/ (`portal.configure`, the system administrator):
 * every area's values in one list, a known key changed with its own check (config/registry.ts),
 * a secret never sent (only whether it is set), an unknown key shown and never written.
 *
 * Notes, under /mucgrs-service/staff/notes/ (`notes.edit`, the admissions office): the notes each
 * area's applicants read on their dashboard (configuration key `notice`, one per area, in whatever
 * languages the office writes them), as limited HTML. The server keeps only what NOTE_HTML allows.
 */
import { z } from 'zod';
import { SYSTEM_TYPES, type SystemType } from '../codes';
import { CONFIG_VALUE_MAX, type ConfigEditing, type ConfigValueKind } from '../config/registry';
import { choice, typeError, V } from './common';

/** When the editor loaded the value: a change made meanwhile by someone else is refused, not overwritten. */
const seenAt = z
  .string({ error: typeError })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: V.format })
  .nullable();

/** POST /mucgrs-service/staff/config/list */
export const configListRequest = z.object({}).strict();

export interface ConfigEntryView {
  area: SystemType;
  key: string;
  kind: ConfigValueKind | null;
  editing: ConfigEditing;
  /** The stored value; null for a secret (never sent) and for a key not set. */
  value: string | null;
  secret: boolean;
  /** Whether the key has a row: a secret says only this. */
  set: boolean;
  /** What the portal uses while the key is unset, when it has a default worth saying. */
  fallback: string | null;
  updatedAt: string | null;
}

export interface ConfigAreaView {
  area: SystemType;
  entries: ConfigEntryView[];
}

export interface ConfigListView {
  areas: ConfigAreaView[];
}

/** POST /mucgrs-service/staff/config/update: one value; the answer is the entry as now stored. */
export const configUpdateRequest = z
  .object({
    area: choice(SYSTEM_TYPES),
    key: z.string({ error: typeError }).trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
    value: z.string({ error: typeError }).max(CONFIG_VALUE_MAX, { error: V.tooLong }),
    seenAt,
  })
  .strict();
export type ConfigUpdateRequest = z.input<typeof configUpdateRequest>;
export type ConfigUpdateInput = z.output<typeof configUpdateRequest>;

/**
 * The markup notes may hold, on the server (which keeps nothing else) and in the web's preview
 * alike. A link goes to a web page, a mail address or a phone number; a picture only from the
 * portal's own public files (an outside picture would tell its host who read the notes).
 */
export const NOTE_HTML = {
  tags: ['h2', 'h3', 'h4', 'p', 'br', 'hr', 'ol', 'ul', 'li', 'strong', 'b', 'em', 'i', 'u', 'blockquote', 'a', 'img'],
  voidTags: ['br', 'hr', 'img'],
  attributes: { a: ['href'], img: ['src', 'alt'] } as Record<string, readonly string[]>,
  /** Everything inside these goes too, not only the tag. */
  droppedWithContent: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'svg', 'math', 'select', 'head'],
  link: /^(https?:\/\/|mailto:|tel:)/i,
  picture: /^\/zsData\/[^\s"'<>]*$/,
} as const;

export const NOTE_MAX = 20_000;

/** The areas whose applicants read notes, in the order the page offers them ('system': the back office's own). */
export const NOTE_AREAS = ['doctor', 'gat', 'summerCamp', 'tms', 'master', 'system'] as const satisfies readonly SystemType[];
export type NoteArea = (typeof NOTE_AREAS)[number];

/** POST /mucgrs-service/staff/notes/list */
export const notesListRequest = z.object({}).strict();

export interface NoteView {
  area: NoteArea;
  html: string;
  updatedAt: string | null;
}

export interface NotesListView {
  notes: NoteView[];
}

/** POST /mucgrs-service/staff/notes/update */
export const notesUpdateRequest = z
  .object({
    area: choice(NOTE_AREAS),
    html: z.string({ error: typeError }).max(NOTE_MAX, { error: V.tooLong }),
    seenAt,
  })
  .strict();
export type NotesUpdateRequest = z.input<typeof notesUpdateRequest>;
export type NotesUpdateInput = z.output<typeof notesUpdateRequest>;

export interface NotesUpdateView {
  note: NoteView;
  /** What the server took out (tag and attribute names, once each), so the office knows why the notes differ from what they wrote. */
  removed: string[];
}
