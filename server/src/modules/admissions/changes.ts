/**
 * "This applicant's situation changed": a form submitted, a fee settled, a result recorded. One
 * signal instead of cache drops scattered through the journeys: whatever keeps per-applicant
 * derived state (the menu gates today) listens here. Staff changes made in another process show
 * within the reference cache's lifetime; the calls themselves never rely on such caches.
 */
export type ApplicantListener = (userId: number) => void;

export class ApplicantSignal {
  private readonly listeners: ApplicantListener[] = [];

  listen(listener: ApplicantListener): void {
    this.listeners.push(listener);
  }

  changed(userId: number): void {
    for (const listener of this.listeners) listener(userId);
  }
}
