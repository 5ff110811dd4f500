import { token } from '../shared/token';

/** Counts failed logins per key (the e-mail) in a sliding window. */
export interface LoginThrottle {
  /** Seconds until the key may try again, or 0 when it is not blocked. */
  blockedFor(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export const LOGIN_THROTTLE = token<LoginThrottle>('LoginThrottle');
