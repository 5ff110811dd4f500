import { ApiKey } from '../../../../core/domain/api-key/api-key.entity';
import { ApiKeyOrmEntity } from '../entities/api-key.orm-entity';

export function toApiKeyRow(key: ApiKey): ApiKeyOrmEntity {
  return { id: key.id, name: key.name, secretDigest: key.secretDigest, createdAt: key.createdAt };
}

export function toApiKey(row: ApiKeyOrmEntity): ApiKey {
  return { id: row.id, name: row.name, secretDigest: row.secretDigest, createdAt: row.createdAt };
}
