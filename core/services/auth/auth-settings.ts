import { token } from '../../shared/token';

export interface AuthSettings {
  accessTokenTtlSeconds: number;
}

export const AUTH_SETTINGS = token<AuthSettings>('AuthSettings');
