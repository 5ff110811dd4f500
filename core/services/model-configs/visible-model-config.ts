import { Actor } from '../../domain/auth/actor';
import { Action, can } from '../../domain/auth/authorization-policy';
import { ModelConfig } from '../../domain/model-config/model-config.entity';
import { ModelConfigNotFoundError } from '../../domain/model-config/model-config.errors';
import { ModelConfigRepository } from '../../ports/model-config-repository.port';

/** The configuration, when the actor may `action` it (its owner or an admin); anyone else's is reported missing. */
export async function findModelConfigFor(configs: ModelConfigRepository, actor: Actor, id: string, action: Action): Promise<ModelConfig> {
  const config = isUuid(id) ? await configs.findById(id.toLowerCase()) : null;
  if (!config || !can(actor, action, { ownerId: config.ownerId })) throw new ModelConfigNotFoundError(id);
  return config;
}

function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
