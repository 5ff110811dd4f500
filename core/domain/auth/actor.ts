import { Role } from './role';

/** Whoever makes a request, as the core sees them. */
export interface Actor {
  userId: string;
  role: Role;
}
