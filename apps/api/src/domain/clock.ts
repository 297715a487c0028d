/**
 * Where the server reads the time for the school day (today's runs, the absence cut-off, a mark's
 * age, the overdue alert): the system's clock, or in tests one set to a chosen Bahrain morning.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands where it is set (tests of the cut-off, of midnight, of the overdue alert). */
export class SetClock implements Clock {
  constructor(private instant: Date) {}
  now(): Date {
    return new Date(this.instant);
  }
  set(instant: Date | string): void {
    this.instant = new Date(instant);
  }
}
