/**
 * Where the unsent copies of the form live on this device. Kept apart from local-copy.ts so the
 * layout can forget them at logout without loading the form's schemas.
 */
export const LOCAL_COPY_PREFIX = 'gradus.applicationForm.';

/** At logout: a shared computer must not keep an applicant's personal details for the next person. */
export function clearAllLocalCopies(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((k): k is string => !!k?.startsWith(LOCAL_COPY_PREFIX));
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // storage disabled: nothing was kept
  }
}
