/**
 * The engine's notion of "now". Production uses the system clock; tests move time forward
 * without touching the code under test. The money paths judge by it, the one-call SQL functions too
 * (their `p_now` argument): a break by it alone, a draw's cut-off by the later of it and the
 * database clock, so no instance whose clock runs late accepts a bet after the cut-off (decision 0025).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date): void {
    this.current = new Date(to);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
