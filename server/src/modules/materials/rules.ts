import { ID_PHOTO_CATEGORY, type MaterialCategory, type MaterialLock, type MaterialPhase, type PhotoRules } from '@gradus/contract';
import type { MessageKey } from '../../locales';
import type { ImageSize } from '../../lib/image-size';
import type { FormState, MaterialRow } from './repo';

/**
 * Who may change what, as pure rules: application materials are open until the form is submitted;
 * supplementary ones only after. Used to show the buttons and, again, to decide each call.
 */
export function phaseLock(phase: MaterialPhase, form: FormState): MaterialLock {
  if (phase === 'application') return form.submitted ? 'submitted' : null;
  return form.submitted ? null : 'notSubmitted';
}

export interface Abilities {
  canUpload: boolean;
  canDelete: boolean;
}

/**
 * A published rejection reopens the photo alone after submission, until it is approved: the
 * rejected photo, and a replacement uploaded after submission that awaits review (it can only
 * exist because of a rejection), may be replaced, never deleted (the form must keep a photo).
 */
export function abilitiesOf(
  category: MaterialCategory,
  form: FormState,
  photo: { latest: MaterialRow | undefined; reviewReleased: boolean },
): Abilities {
  const lock = phaseLock(category.phase, form);
  if (!lock) return { canUpload: true, canDelete: true };
  if (category.key === ID_PHOTO_CATEGORY && lock === 'submitted' && photo.reviewReleased && photo.latest) {
    const { status, created_at } = photo.latest;
    const replacementAfterSubmission = status === 'uploaded' && form.submittedAt !== null && created_at > form.submittedAt;
    if (status === 'rejected' || replacementAfterSubmission) return { canUpload: true, canDelete: false };
  }
  return { canUpload: false, canDelete: false };
}

export const lockMessage = (lock: MaterialLock): MessageKey => (lock === 'notSubmitted' ? 'error.materialsNotYetOpen' : 'error.materialsLocked');

/** The photo's pixel-size problem, with what was found, or null when it fits. */
export function photoSizeProblem(size: ImageSize, rules: PhotoRules): { key: MessageKey; params: Record<string, number> } | null {
  const { width, height } = size;
  const small = width < rules.minWidth || height < rules.minHeight;
  const big = width > rules.maxWidth || height > rules.maxHeight;
  if (!small && !big) return null;
  const key: MessageKey = small && big ? 'error.photoPixelsBetween' : small ? 'error.photoTooSmall' : 'error.photoTooBig';
  return { key, params: { width, height, ...rules } };
}

/** "scan.pdf" that is really a JPEG becomes "scan.jpg": the name then tells the truth when opened. */
export function nameWithRealExtension(name: string, ext: 'pdf' | 'jpg' | 'png'): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(name);
  const given = match?.[1]?.toLowerCase();
  if (given === ext || (ext === 'jpg' && given === 'jpeg')) return name;
  const base = match && ['pdf', 'jpg', 'jpeg', 'png'].includes(given ?? '') ? name.slice(0, -match[0].length) : name;
  return `${base || 'file'}.${ext}`;
}
