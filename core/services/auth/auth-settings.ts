import { token } from '../../shared/token';

export interface AuthSettings {
  /** Lower-cased e-mails that get the `admin` role on registration. */
  adminEmails: ReadonlyArray<string>;
  accessTokenTtlSeconds: number;
}

export const AUTH_SETTINGS = token<AuthSettings>('AuthSettings');
