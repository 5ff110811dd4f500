import { inject, injectable } from 'inversify';
import { EnvelopeUnknownUserError, EnvelopeWrongPasswordError } from '../../domain/envelope/envelope.errors';
import { ENVELOPE_USER_REPOSITORY, EnvelopeUserRepository } from '../../ports/envelope-user-repository.port';
import { PASSWORD_HASHER, PasswordHasher } from '../../ports/password-hasher.port';
import { ValidationError } from '../../shared/common.errors';
import { emailIssues, normalizeEmail, offeredPasswordIssues } from '../auth/credentials-policy';
import { LoginAttempts } from '../auth/login-attempts.service';
import { EnvelopeTokenIssuer, EnvelopeTokenPair } from './envelope-token-issuer.service';

/** Verified against when the e-mail is unknown, so both failures cost the same time. */
const DUMMY_HASH = 'scrypt$16384$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export interface EnvelopeLoginRequest {
  email: string;
  password: string;
  clientAddress: string;
}

/**
 * The envelope contract tells an unknown user (40001) from a wrong password (40002). Every attempt
 * is counted by the platform's failed-login limits before the check (and given back when it
 * succeeds), so probing e-mails is as slow as guessing passwords.
 */
@injectable()
export class EnvelopeLogin {
  constructor(
    @inject(ENVELOPE_USER_REPOSITORY) private readonly users: EnvelopeUserRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(LoginAttempts) private readonly attempts: LoginAttempts,
    @inject(EnvelopeTokenIssuer) private readonly issuer: EnvelopeTokenIssuer,
  ) {}

  async login(request: EnvelopeLoginRequest): Promise<EnvelopeTokenPair> {
    const email = normalizeEmail(request.email);
    const issues = [...emailIssues(email), ...offeredPasswordIssues(request.password)];
    if (issues.length > 0) throw new ValidationError(`${issues[0].field}: ${issues[0].message}`, issues);
    // Its own e-mail buckets: an envelope user and a platform user may share an address.
    const admission = await this.attempts.admit(`envelope:${email}`, request.clientAddress);
    const user = await this.users.findByEmail(email);
    const valid = await this.hasher.verify(request.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user) throw new EnvelopeUnknownUserError();
    if (!valid) throw new EnvelopeWrongPasswordError();
    await this.attempts.forgive(admission);
    return this.issuer.issue(user.id);
  }
}
