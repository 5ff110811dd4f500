/** A self-service API key of the prompt contract. Only the digest of its secret is kept. */
export interface ApiKey {
  /** Public part of the key, 32 lower-case hex digits; safe to log and to look up by. */
  id: string;
  name: string;
  /** Digest of the secret part (see `SecretHasher`); the secret itself is shown once, at issuance. */
  secretDigest: string;
  createdAt: Date;
}

/** Who an authenticated prompt request speaks for. */
export interface ApiKeyPrincipal {
  keyId: string;
  name: string;
}
