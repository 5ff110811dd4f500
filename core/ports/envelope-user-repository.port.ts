import { EnvelopeUser, NewEnvelopeUser } from '../domain/envelope/envelope-user.entity';
import { token } from '../shared/token';

export interface EnvelopeUserRepository {
  /** Stores the user and returns it with its database id; `EnvelopeEmailTakenError` for a taken e-mail. */
  create(user: NewEnvelopeUser): Promise<EnvelopeUser>;
  findById(id: number): Promise<EnvelopeUser | null>;
  /** By the normalised e-mail. */
  findByEmail(email: string): Promise<EnvelopeUser | null>;
}

export const ENVELOPE_USER_REPOSITORY = token<EnvelopeUserRepository>('EnvelopeUserRepository');
