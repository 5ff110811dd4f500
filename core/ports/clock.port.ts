import { token } from '../shared/token';

/** Source of the current time; the core never calls `Date.now` itself. */
export interface Clock {
  now(): Date;
}

export const CLOCK = token<Clock>('Clock');
