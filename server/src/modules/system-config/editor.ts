import {
  configKeyDef,
  editingOf,
  keysOfArea,
  NOTE_AREAS,
  ReplyCode,
  SYSTEM_TYPES,
  type ConfigEntryView,
  type ConfigListView,
  type ConfigUpdateInput,
  type NoteArea,
  type NotesListView,
  type NotesUpdateInput,
  type NotesUpdateView,
  type NoteView,
  type SystemType,
} from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { InputError } from '../../lib/validation';
import { audit } from '../audit/service';
import { sanitizeNotes } from './sanitize-notes';
import { setConfigValue } from './service';

/** Who changes the configuration, for the audit trail. */
export interface ConfigEditor {
  userId: number;
  ip: string | null;
}

interface ConfigRow {
  system_type: string;
  system_key: string;
  system_value: string;
  is_secret: number;
  updated_at: number;
}

const NOTES_KEY = 'notice';
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

async function rowOf(db: DB, area: SystemType, key: string): Promise<ConfigRow | undefined> {
  return db
    .selectFrom('system_config')
    .select(['system_type', 'system_key', 'system_value', 'is_secret', 'updated_at'])
    .where('system_type', '=', area)
    .where('system_key', '=', key)
    .executeTakeFirst();
}

function entryOf(area: SystemType, key: string, row: ConfigRow | undefined): ConfigEntryView {
  const def = configKeyDef(area, key);
  // A row marked secret stays secret whatever the registry says: its value never leaves the server.
  const secret = def?.kind === 'secret' || Number(row?.is_secret ?? 0) === 1;
  return {
    area,
    key,
    kind: def?.kind ?? null,
    editing: editingOf(area, key),
    value: secret || !row ? null : row.system_value,
    secret,
    set: row !== undefined,
    fallback: def?.fallback ?? null,
    updatedAt: row ? iso(row.updated_at) : null,
  };
}

/** Every area's values: its known keys first (set or not, in the registry's order), then whatever else its rows hold. */
export async function listConfig(db: DB): Promise<ConfigListView> {
  const rows = await db
    .selectFrom('system_config')
    .select(['system_type', 'system_key', 'system_value', 'is_secret', 'updated_at'])
    .orderBy('system_type')
    .orderBy('system_key')
    .execute();
  return {
    areas: SYSTEM_TYPES.map((area) => {
      const own = rows.filter((r) => r.system_type === area);
      const known = keysOfArea(area).map((d) => d.key);
      const others = own.map((r) => r.system_key).filter((k) => !known.includes(k));
      return { area, entries: [...known, ...others].map((key) => entryOf(area, key, own.find((r) => r.system_key === key))) };
    }),
  };
}

/**
 * The editor loaded the value at `seenAt` (null: it was not set): if it changed since, someone
 * else changed it, and their change must not vanish unseen.
 */
function checkUnchanged(row: ConfigRow | undefined, seenAt: string | null): void {
  const current = row ? iso(row.updated_at) : null;
  if (current !== (seenAt === null ? null : iso(Date.parse(seenAt)))) throw new AppError(ReplyCode.CONFLICT, 'config.changedMeanwhile');
}

const ELSEWHERE = {
  notes: 'config.editOnNotesPage',
  cycle: 'config.editOnTimeline',
  recruitYear: 'config.recruitYearElsewhere',
  unknown: 'config.unknownKey',
} as const;

/**
 * One value, checked by its key's rule (config/registry.ts); a bad value changes nothing and says
 * why, naming the key. Audited with the old and new value (never a secret's), and the reference
 * data kept in memory is dropped: a menu gate or a material list read from configuration must not
 * outlive the change.
 */
export async function updateConfig(ctx: AppContext, input: ConfigUpdateInput, editor: ConfigEditor): Promise<ConfigEntryView> {
  const { db } = ctx;
  const editing = editingOf(input.area, input.key);
  const def = configKeyDef(input.area, input.key);
  if (editing !== 'here' || !def?.value) throw new AppError(ReplyCode.BAD_INPUT, ELSEWHERE[editing === 'here' ? 'unknown' : editing], { key: input.key });
  const parsed = def.value.safeParse(input.value);
  if (!parsed.success) throw new InputError(parsed.error.issues.map((issue) => ({ ...issue, path: [`config.${input.key}`, ...issue.path] })));
  const value = parsed.data;
  await checkRange(db, input.area, def.atMost, def.atLeast, value);

  const now = ctx.clock.now();
  const secret = def.kind === 'secret';
  await inTransaction(db, async (trx) => {
    const before = await rowOf(trx, input.area, input.key);
    checkUnchanged(before, input.seenAt);
    if (before?.system_value === value && !secret) return;
    await setConfigValue(trx, now, input.area, input.key, value, secret);
    const detail = secret ? { area: input.area, key: input.key, secret: true } : { area: input.area, key: input.key, before: before?.system_value ?? null, after: value };
    await audit(trx, now, 'config.update', { userId: editor.userId, subject: `${input.area}.${input.key}`, ip: editor.ip, detail });
  });
  ctx.cache.clear();
  return entryOf(input.area, input.key, await rowOf(db, input.area, input.key));
}

/** A bound of a range (the photo's smallest and largest width) must not cross the other bound. */
async function checkRange(db: DB, area: SystemType, atMost: string | undefined, atLeast: string | undefined, value: string): Promise<void> {
  const other = atMost ?? atLeast;
  if (!other) return;
  const limit = Number((await rowOf(db, area, other))?.system_value ?? configKeyDef(area, other)?.fallback);
  if (!Number.isFinite(limit)) return;
  if (atMost && Number(value) > limit) throw new AppError(ReplyCode.BAD_INPUT, 'config.aboveItsMaximum', { limit });
  if (atLeast && Number(value) < limit) throw new AppError(ReplyCode.BAD_INPUT, 'config.belowItsMinimum', { limit });
}

const noteOf = (area: NoteArea, row: ConfigRow | undefined): NoteView => ({ area, html: row?.system_value ?? '', updatedAt: row ? iso(row.updated_at) : null });

export async function listNotes(db: DB): Promise<NotesListView> {
  const rows = await db
    .selectFrom('system_config')
    .select(['system_type', 'system_key', 'system_value', 'is_secret', 'updated_at'])
    .where('system_key', '=', NOTES_KEY)
    .execute();
  return { notes: NOTE_AREAS.map((area) => noteOf(area, rows.find((r) => r.system_type === area))) };
}

/**
 * The notes of one area, kept as the sanitiser rebuilt them (no script, handler, frame or outside
 * picture): what the office reads back is what applicants will see. Audited with both versions.
 */
export async function updateNotes(ctx: AppContext, input: NotesUpdateInput, editor: ConfigEditor): Promise<NotesUpdateView> {
  const { db } = ctx;
  const { html, removed } = sanitizeNotes(input.html);
  const now = ctx.clock.now();
  await inTransaction(db, async (trx) => {
    const before = await rowOf(trx, input.area, NOTES_KEY);
    checkUnchanged(before, input.seenAt);
    if (before?.system_value === html) return;
    await setConfigValue(trx, now, input.area, NOTES_KEY, html);
    await audit(trx, now, 'notes.update', { userId: editor.userId, subject: `${input.area}.${NOTES_KEY}`, ip: editor.ip, detail: { area: input.area, before: before?.system_value ?? null, after: html, removed } });
  });
  ctx.cache.clear();
  return { note: noteOf(input.area, await rowOf(db, input.area, NOTES_KEY)), removed };
}

