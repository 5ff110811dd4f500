import { Request } from 'express';
import { Actor } from '../../../core/domain/auth/actor';

/** The actor tsoa's authentication stored on an authenticated request. */
export function actorOf(request: Request): Actor {
  return (request as Request & { user: Actor }).user;
}
