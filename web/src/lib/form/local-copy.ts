import type { ZodType } from 'zod';
import { LOCAL_COPY_PREFIX } from './forget-local-copies';

/**
 * The unsent copy of a form kept on this device, written on every edit and dropped once the
 * server has it. A reload, a closed tab or a dropped connection therefore loses nothing.
 */
export interface LocalCopy<D> {
  /** The server version the edits were made on. */
  version: number;
  sections: D;
  /** When the last edit was made (ms). */
  editedAt: number;
}

export interface LocalCopyStore<D, S extends string> {
  read: (registerNo: string) => LocalCopy<D> | null;
  /** Storage may be full or disabled (private mode): then the form still saves to the server. */
  write: (registerNo: string, copy: LocalCopy<D>) => boolean;
  clear: (registerNo: string) => void;
  /** Only the given sections, without empty values: what a save sends. */
  pick: (sections: D, keys: readonly S[]) => D;
  /**
   * The sections as the server would store them (trimmed, empties dropped), with blank rows and
   * sections removed, so a local copy that differs only in untouched fields or whitespace is not
   * offered as "unsaved changes". Both sides of a comparison go through this.
   */
  canonical: (sections: D, keys?: readonly S[]) => string;
}

const clean = (v: unknown): unknown => {
  if (Array.isArray(v)) {
    const items = v.map(clean).filter((x) => x !== undefined);
    return items.length ? items : undefined;
  }
  if (v && typeof v === 'object') {
    const entries = Object.entries(v)
      .map(([k, x]) => [k, clean(x)] as const)
      .filter(([, x]) => x !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return v === null || v === '' ? undefined : v;
};

/**
 * One form's store: `area` keeps two forms of one applicant apart ('' for the doctoral form, whose
 * copies predate the others); every key starts with LOCAL_COPY_PREFIX, so logout forgets them all.
 */
export function localCopyStore<D extends object, S extends string>(opts: { area: string; sections: readonly S[]; draftSchema: ZodType }): LocalCopyStore<D, S> {
  const keyOf = (registerNo: string) => `${LOCAL_COPY_PREFIX}${opts.area ? `${opts.area}.` : ''}${registerNo}`;
  const pick = (sections: D, keys: readonly S[]): D => {
    const out: Record<string, unknown> = {};
    for (const key of keys) if ((sections as Record<string, unknown>)[key] !== undefined) out[key] = (sections as Record<string, unknown>)[key];
    return out as D;
  };
  return {
    read(registerNo) {
      try {
        const raw = localStorage.getItem(keyOf(registerNo));
        if (!raw) return null;
        const copy = JSON.parse(raw) as Partial<LocalCopy<D>>;
        if (typeof copy.version !== 'number' || typeof copy.editedAt !== 'number' || typeof copy.sections !== 'object' || !copy.sections) return null;
        return copy as LocalCopy<D>;
      } catch {
        return null;
      }
    },
    write(registerNo, copy) {
      try {
        localStorage.setItem(keyOf(registerNo), JSON.stringify(copy));
        return true;
      } catch {
        return false;
      }
    },
    clear(registerNo) {
      try {
        localStorage.removeItem(keyOf(registerNo));
      } catch {
        // nothing to clear
      }
    },
    pick,
    canonical(sections, keys = opts.sections) {
      const picked = pick(sections, keys);
      const parsed = opts.draftSchema.safeParse(picked);
      return JSON.stringify(clean(parsed.success ? parsed.data : picked) ?? {});
    },
  };
}
