import { Request } from 'express';
import { User } from '../../../core/domain/user/user.entity';

/** The user row authentication read, kept for the request so no handler reads it again. */
const users = new WeakMap<Request, User>();

export function rememberAuthenticatedUser(request: Request, user: User): void {
  users.set(request, user);
}

/** The authenticated user of a request that passed `@Security('bearer')`. */
export function authenticatedUserOf(request: Request): User {
  const user = users.get(request);
  if (!user) throw new Error('authenticatedUserOf called on a request that was not authenticated');
  return user;
}
