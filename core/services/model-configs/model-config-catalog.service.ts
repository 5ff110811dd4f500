import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { ModelConfig } from '../../domain/model-config/model-config.entity';
import { MODEL_CONFIG_REPOSITORY, ModelConfigRepository } from '../../ports/model-config-repository.port';
import { ValidationError } from '../../shared/common.errors';
import { offsetOf, Page } from '../../shared/pagination';
import { checkPageRequest } from '../tools/page-request';
import { findModelConfigFor } from './visible-model-config';

/** Reads model configurations: a user sees their own, an admin everyone's. */
@injectable()
export class ModelConfigCatalog {
  constructor(@inject(MODEL_CONFIG_REPOSITORY) private readonly configs: ModelConfigRepository) {}

  async list(actor: Actor, query: { page?: number; pageSize?: number }): Promise<Page<ModelConfig>> {
    const { request, issues } = checkPageRequest(query.page, query.pageSize);
    if (issues.length > 0) throw new ValidationError('Invalid query', issues);
    const ownerId = actor.role === 'admin' ? undefined : actor.userId;
    const slice = await this.configs.list({ ownerId }, offsetOf(request), request.pageSize);
    return { items: slice.items, total: slice.total, page: request.page, pageSize: request.pageSize };
  }

  /** Another user's configuration is `model_config.not_found`. */
  get(actor: Actor, id: string): Promise<ModelConfig> {
    return findModelConfigFor(this.configs, actor, id, 'read');
  }
}
