import { User } from '../../../../core/domain/user/user.entity';
import { EmailTakenError } from '../../../../core/domain/user/user.errors';
import { UserRepository } from '../../../../core/ports/user-repository.port';
import { isDuplicateKeyError } from '../driver-errors';
import { UserOrmEntity } from '../entities/user.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { normalizeEmail, toUser, toUserRow } from '../mappers/user.mapper';

export class TypeOrmUserRepository implements UserRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(user: User): Promise<void> {
    try {
      await this.managers.use((manager) => manager.insert(UserOrmEntity, toUserRow(user)));
    } catch (error) {
      // Ids are fresh UUIDs, so the one unique key a caller can collide on is the e-mail.
      if (isDuplicateKeyError(error)) throw new EmailTakenError();
      throw error;
    }
  }

  findById(id: string): Promise<User | null> {
    return this.findOne({ id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.findOne({ email: normalizeEmail(email) });
  }

  private async findOne(where: Partial<Pick<UserOrmEntity, 'id' | 'email'>>): Promise<User | null> {
    const row = await this.managers.use((manager) => manager.findOneBy(UserOrmEntity, where));
    return row ? toUser(row) : null;
  }
}
