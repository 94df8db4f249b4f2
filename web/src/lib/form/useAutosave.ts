import { useCallback, useEffect, useRef, useState } from 'react';
import { ReplyCode } from '@gradus/contract/codes';
import type { SaveDraftResponse } from '@gradus/contract/forms/fields';
import { promptRelogin, ReplyError } from '@/lib/request';
import type { LocalCopyStore } from './local-copy';

/** Saves this long after the last edit, and at least this often while edits are unsent. */
export const AUTOSAVE_DEBOUNCE_MS = 2000;
export const AUTOSAVE_INTERVAL_MS = 30_000;

/**
 * - saved: the server holds every edit; dirty: edits not yet sent; saving: a save is under way;
 * - offline: the server could not be reached (the local copy holds the edits; retried later);
 * - refused: the server said no (bad field, period closed): `message` says why;
 * - conflict: another window saved or submitted meanwhile: reload before going on.
 */
export type SaveState = 'saved' | 'dirty' | 'saving' | 'offline' | 'refused' | 'conflict';

interface Options<D, S extends string> {
  registerNo: string;
  version: number;
  savedAt: string | null;
  /** The sections this applicant may change now (all, or the reopened ones of a returned form). */
  editable: readonly S[];
  /** Reads the form's current values. */
  read: () => D;
  /** The area's save call (silent: the indicator reports) and its local copies. */
  saveDraft: (body: { version: number; sections: D }) => Promise<SaveDraftResponse>;
  store: LocalCopyStore<D, S>;
}

export interface Autosave {
  state: SaveState;
  savedAt: string | null;
  message: string | null;
  version: () => number;
  /** Call on every edit: keeps the local copy and schedules a save. */
  edited: () => void;
  /** Saves now (the Save draft button, before submitting); resolves whether everything is saved. */
  saveNow: () => Promise<boolean>;
}

export function useAutosave<D, S extends string>({ registerNo, version: initialVersion, savedAt: initialSavedAt, editable, read, saveDraft, store }: Options<D, S>): Autosave {
  const [state, setState] = useState<SaveState>('saved');
  const [savedAt, setSavedAt] = useState(initialSavedAt);
  const [message, setMessage] = useState<string | null>(null);
  const version = useRef(initialVersion);
  // Edits are numbered; a save covers the edits up to the number it started with.
  const editSeq = useRef(0);
  const savedSeq = useRef(0);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopped = useRef(false);
  const live = useRef({ read, editable, registerNo, saveDraft, store });
  useEffect(() => {
    live.current = { read, editable, registerNo, saveDraft, store };
  });

  const keepLocal = useCallback(() => {
    const { read: current, editable: keys, registerNo: no, store: copies } = live.current;
    copies.write(no, { version: version.current, sections: copies.pick(current(), keys), editedAt: Date.now() });
  }, []);

  // A save asked for while one is under way runs after it (through the ref: the callback cannot name itself).
  const again = useRef<() => Promise<boolean>>(() => Promise.resolve(false));
  const save = useCallback((): Promise<boolean> => {
    if (inFlight.current) return inFlight.current.then(() => (editSeq.current > savedSeq.current && !stopped.current ? again.current() : editSeq.current === savedSeq.current));
    if (stopped.current) return Promise.resolve(false);
    if (editSeq.current === savedSeq.current) return Promise.resolve(true);
    if (debounce.current) clearTimeout(debounce.current);
    const seq = editSeq.current;
    const { read: current, editable: keys, registerNo: no, saveDraft: send, store: copies } = live.current;
    setState('saving');
    const run = send({ version: version.current, sections: copies.pick(current(), keys) })
      .then((res: SaveDraftResponse) => {
        version.current = res.version;
        savedSeq.current = seq;
        setSavedAt(res.savedAt);
        setMessage(null);
        if (editSeq.current === seq) {
          copies.clear(no);
          setState('saved');
          return true;
        }
        // Edits arrived while saving: they stay in the local copy, now based on the new version.
        keepLocal();
        setState('dirty');
        return false;
      })
      .catch((err: unknown) => {
        if (err instanceof ReplyError) {
          setMessage(err.message);
          if (err.code === ReplyCode.SESSION_EXPIRED) {
            // Saves are silent, so the request layer would not ask; the local copy keeps the edits.
            promptRelogin();
            setState('refused');
          } else if (err.code === ReplyCode.CONFLICT) {
            // Saving again cannot help: another window moved the form on. Stop until reload.
            stopped.current = true;
            setState('conflict');
          } else {
            setState('refused');
          }
        } else {
          setMessage(null);
          setState('offline');
        }
        return false;
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = run;
    return run;
  }, [keepLocal]);
  useEffect(() => {
    again.current = save;
  }, [save]);

  const edited = useCallback(() => {
    editSeq.current += 1;
    keepLocal();
    if (stopped.current) return;
    setState((s) => (s === 'saving' ? s : 'dirty'));
    if (debounce.current) clearTimeout(debounce.current);
    debounce.current = setTimeout(() => void save(), AUTOSAVE_DEBOUNCE_MS);
  }, [keepLocal, save]);

  useEffect(() => {
    const tick = setInterval(() => {
      if (editSeq.current > savedSeq.current && !inFlight.current) void save();
    }, AUTOSAVE_INTERVAL_MS);
    // Back online: send what waited in the local copy at once.
    const online = () => {
      if (editSeq.current > savedSeq.current) void save();
    };
    // Closing the tab with edits not yet on the server: the browser asks first (only then).
    const leaving = (event: BeforeUnloadEvent) => {
      if (editSeq.current > savedSeq.current) event.preventDefault();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', leaving);
    return () => {
      clearInterval(tick);
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', leaving);
      if (debounce.current) clearTimeout(debounce.current);
    };
  }, [save]);

  return { state, savedAt, message, version: () => version.current, edited, saveNow: save };
}
