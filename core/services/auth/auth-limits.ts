import { token } from '../../shared/token';

/** How many failed logins and registrations the platform takes before it answers 429. */
export interface AuthLimits {
  /** Failed logins from one client address per login window, whatever the e-mails. */
  loginFailuresPerAddress: number;
  /** Failed logins for one e-mail from one client address per login window. */
  loginFailuresPerEmail: number;
  /** Registrations from one client address per hour. */
  registrationsPerAddressPerHour: number;
}

/** The window failed logins are counted in (decisions.md: 15 minutes). */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const REGISTRATION_WINDOW_SECONDS = 60 * 60;

export const AUTH_LIMITS = token<AuthLimits>('AuthLimits');
