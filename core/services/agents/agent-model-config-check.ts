import { inject, injectable } from 'inversify';
import { AgentValidationError } from '../../domain/agent/agent.errors';
import { AgentPayload } from '../../domain/agent/agent.entity';
import { MODEL_CONFIG_REPOSITORY, ModelConfigRepository } from '../../ports/model-config-repository.port';

/**
 * An agent may bind only a model configuration of its owner: runs would ignore another user's
 * (the registry checks again), so saving one is refused instead of silently not applying.
 */
@injectable()
export class AgentModelConfigCheck {
  constructor(@inject(MODEL_CONFIG_REPOSITORY) private readonly configs: ModelConfigRepository) {}

  async requireOwned(ownerId: string, payload: AgentPayload): Promise<void> {
    const id = payload.modelConfig.modelConfigId;
    if (id === undefined) return;
    const config = await this.configs.findById(id);
    if (config?.ownerId === ownerId) return;
    const issue = { field: 'model_config.model_config_id', message: 'must name one of your model configurations' };
    throw new AgentValidationError('Invalid agent: model_config.model_config_id must name one of your model configurations', [issue]);
  }
}
