import { Role } from '../auth/role';

export interface User {
  id: string;
  email: string;
  nickname: string;
  role: Role;
  passwordHash: string;
  createdAt: Date;
}
