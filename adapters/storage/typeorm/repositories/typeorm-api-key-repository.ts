import { ApiKey } from '../../../../core/domain/api-key/api-key.entity';
import { ApiKeyRepository } from '../../../../core/ports/api-key-repository.port';
import { ApiKeyOrmEntity } from '../entities/api-key.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toApiKey, toApiKeyRow } from '../mappers/api-key.mapper';

export class TypeOrmApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(key: ApiKey): Promise<void> {
    await this.managers.use((manager) => manager.insert(ApiKeyOrmEntity, toApiKeyRow(key)));
  }

  async findById(id: string): Promise<ApiKey | null> {
    const row = await this.managers.use((manager) => manager.findOneBy(ApiKeyOrmEntity, { id }));
    return row ? toApiKey(row) : null;
  }
}
