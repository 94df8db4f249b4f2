/** Time comes from here so tests can move it (session expiry, captcha and reset-link lifetimes). */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export class FakeClock implements Clock {
  constructor(private current = Date.UTC(2026, 10, 22, 9, 0, 0)) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
