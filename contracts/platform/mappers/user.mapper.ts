import { User } from '../../../core/domain/user/user.entity';
import { UserResponse } from '../dto/auth.dto';

export function toUserResponse(user: User): UserResponse {
  return { id: user.id, email: user.email, nickname: user.nickname, role: user.role, created_at: user.createdAt.toISOString() };
}
