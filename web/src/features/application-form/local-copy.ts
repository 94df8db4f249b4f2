import { LOCAL_COPY_PREFIX } from './forget-local-copies';
import { draftSections, FORM_SECTIONS, type DraftSectionsInput, type FormSection } from '@gradus/contract/doctor/form';

/**
 * The unsent copy of the form kept on this device, written on every edit and dropped once the
 * server has it. A reload, a closed tab or a dropped connection therefore loses nothing.
 */
export interface LocalCopy {
  /** The server version the edits were made on. */
  version: number;
  sections: DraftSectionsInput;
  /** When the last edit was made (ms). */
  editedAt: number;
}

const keyOf = (registerNo: string) => `${LOCAL_COPY_PREFIX}${registerNo}`;

export function readLocalCopy(registerNo: string): LocalCopy | null {
  try {
    const raw = localStorage.getItem(keyOf(registerNo));
    if (!raw) return null;
    const copy = JSON.parse(raw) as Partial<LocalCopy>;
    if (typeof copy.version !== 'number' || typeof copy.editedAt !== 'number' || typeof copy.sections !== 'object' || !copy.sections) return null;
    return copy as LocalCopy;
  } catch {
    return null;
  }
}

/** Storage may be full or disabled (private mode): then the form still saves to the server. */
export function writeLocalCopy(registerNo: string, copy: LocalCopy): boolean {
  try {
    localStorage.setItem(keyOf(registerNo), JSON.stringify(copy));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalCopy(registerNo: string): void {
  try {
    localStorage.removeItem(keyOf(registerNo));
  } catch {
    // nothing to clear
  }
}

/**
 * Drops every applicant's unsent copy on this device. Called at logout: on a shared computer the
 * next person must not be offered (or read) someone else's form.
 */
/** Only the given sections, without empty values: what a save sends. */
export function pickSections(sections: DraftSectionsInput, keys: readonly FormSection[]): DraftSectionsInput {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (sections[key] !== undefined) out[key] = sections[key];
  return out as DraftSectionsInput;
}

/**
 * The sections as the server would store them (trimmed, empties dropped), with blank rows and
 * sections removed, so a local copy that differs only in untouched fields or whitespace is not
 * offered as "unsaved changes". Both sides of a comparison go through this.
 */
export function canonical(sections: DraftSectionsInput, keys: readonly FormSection[] = FORM_SECTIONS): string {
  const picked = pickSections(sections, keys);
  const parsed = draftSections.safeParse(picked);
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
  return JSON.stringify(clean(parsed.success ? parsed.data : picked) ?? {});
}
