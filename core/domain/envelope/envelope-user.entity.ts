/** A user of the envelope contract (envelope-api.md): its own accounts, apart from platform users. */
export interface EnvelopeUser {
  /** Assigned by the database (auto-increment). */
  id: number;
  /** Normalised: trimmed, lower case. */
  email: string;
  nickname: string;
  /** An image URL; '' until the user has one. */
  avatar: string;
  passwordHash: string;
  createdAt: Date;
}

export type NewEnvelopeUser = Omit<EnvelopeUser, 'id'>;
