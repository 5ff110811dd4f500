import { DomainError } from '../../shared/domain-error';

/** Also thrown when the configuration exists but belongs to someone else, so its existence is never revealed. */
export class ModelConfigNotFoundError extends DomainError {
  readonly code = 'model_config.not_found';
  constructor(id: string) {
    super(`Model configuration "${id}" not found`);
  }
}

export class ModelConfigNameTakenError extends DomainError {
  readonly code = 'model_config.conflict';
  constructor(name: string) {
    super(`You already have a model configuration named "${name}"`);
  }
}
