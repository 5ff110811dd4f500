import { Role, ROLES } from '../../../../core/domain/auth/role';
import { User } from '../../../../core/domain/user/user.entity';
import { UserOrmEntity } from '../entities/user.orm-entity';

export function normalizeEmail(email: string): string {
  return email.toLowerCase();
}

export function toUserRow(user: User): UserOrmEntity {
  return {
    id: user.id,
    email: normalizeEmail(user.email),
    nickname: user.nickname,
    role: user.role,
    passwordHash: user.passwordHash,
    createdAt: user.createdAt,
  };
}

export function toUser(row: UserOrmEntity): User {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    role: toRole(row.role),
    passwordHash: row.passwordHash,
    createdAt: row.createdAt,
  };
}

function toRole(value: string): Role {
  const role = ROLES.find((known) => known === value);
  if (!role) throw new Error(`users.role holds an unknown role`);
  return role;
}
