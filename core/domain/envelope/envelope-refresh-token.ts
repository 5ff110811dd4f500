/**
 * A refresh token as storage keeps it: its id (the JWT's `jti`), the family of tokens rotated
 * from one login, and whether it has been used. A token works once; reusing one revokes its family.
 */
export interface EnvelopeRefreshToken {
  jti: string;
  familyId: string;
  userId: number;
  expiresAt: Date;
  createdAt: Date;
}
