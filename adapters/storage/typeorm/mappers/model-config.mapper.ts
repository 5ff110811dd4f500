import { ModelConfig, ModelProvider } from '../../../../core/domain/model-config/model-config.entity';
import { ModelConfigOrmEntity } from '../entities/model-config.orm-entity';

export function toModelConfigRow(config: ModelConfig): ModelConfigOrmEntity {
  return {
    id: config.id,
    ownerId: config.ownerId,
    name: config.name,
    provider: config.provider,
    model: config.model,
    baseUrl: config.baseUrl ?? '',
    sealedApiKey: config.sealedApiKey ?? '',
    apiKeyHint: config.apiKeyHint ?? '',
    defaultKey: config.isDefault ? config.ownerId : config.id,
    createdAt: config.createdAt,
    updatedAt: config.updatedAt,
  };
}

export function toModelConfig(row: ModelConfigOrmEntity): ModelConfig {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    provider: row.provider as ModelProvider,
    model: row.model,
    baseUrl: row.baseUrl || null,
    sealedApiKey: row.sealedApiKey || null,
    apiKeyHint: row.apiKeyHint || null,
    isDefault: row.defaultKey === row.ownerId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
