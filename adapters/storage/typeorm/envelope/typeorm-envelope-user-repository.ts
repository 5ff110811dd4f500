import { EnvelopeEmailTakenError } from '../../../../core/domain/envelope/envelope.errors';
import { EnvelopeUser, NewEnvelopeUser } from '../../../../core/domain/envelope/envelope-user.entity';
import { EnvelopeUserRepository } from '../../../../core/ports/envelope-user-repository.port';
import { isDuplicateKeyError } from '../driver-errors';
import { EnvelopeUserOrmEntity } from '../entities/envelope-user.orm-entity';
import { ManagerProvider } from '../manager-provider';

export class TypeOrmEnvelopeUserRepository implements EnvelopeUserRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(user: NewEnvelopeUser): Promise<EnvelopeUser> {
    try {
      const result = await this.managers.use((manager) => manager.insert(EnvelopeUserOrmEntity, user));
      return { ...user, id: Number(result.identifiers[0].id) };
    } catch (error) {
      // Ids come from the database, so the one unique key a caller can collide on is the e-mail.
      if (isDuplicateKeyError(error)) throw new EnvelopeEmailTakenError();
      throw error;
    }
  }

  async findById(id: number): Promise<EnvelopeUser | null> {
    return this.managers.use((manager) => manager.findOneBy(EnvelopeUserOrmEntity, { id }));
  }

  async findByEmail(email: string): Promise<EnvelopeUser | null> {
    return this.managers.use((manager) => manager.findOneBy(EnvelopeUserOrmEntity, { email: email.trim().toLowerCase() }));
  }
}
