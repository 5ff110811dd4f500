import { InvalidTokenError } from '../../domain/auth/auth.errors';

/** The user id a verified envelope token names as its subject. */
export function envelopeUserIdOf(subject: string): number {
  if (!/^[1-9]\d{0,15}$/.test(subject)) throw new InvalidTokenError();
  return Number(subject);
}
