import { Request } from 'express';
import { EnvelopeUser } from '../../../core/domain/envelope/envelope-user.entity';

/** The envelope user tsoa's authentication stored on an authenticated request. */
export function userOf(request: Request): EnvelopeUser {
  return (request as Request & { user: EnvelopeUser }).user;
}
