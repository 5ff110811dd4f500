import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { User } from '../../domain/user/user.entity';
import { InvalidTokenError } from '../../domain/auth/auth.errors';
import { USER_REPOSITORY, UserRepository } from '../../ports/user-repository.port';

@injectable()
export class CurrentUserReader {
  constructor(@inject(USER_REPOSITORY) private readonly users: UserRepository) {}

  async read(actor: Actor): Promise<User> {
    const user = await this.users.findById(actor.userId);
    if (!user) {
      // The token outlived its user: the caller is no longer anybody.
      throw new InvalidTokenError();
    }
    return user;
  }
}
