import { ModelConfig } from '../domain/model-config/model-config.entity';
import { token } from '../shared/token';

export interface ModelConfigSlice {
  /** Sorted by name, then id. */
  items: ModelConfig[];
  /** Every match, regardless of offset and limit. */
  total: number;
}

/**
 * Users' model configurations. Names are unique per owner and at most one configuration per
 * owner is the default: storing one with `isDefault` clears the owner's other default in the
 * same transaction (the unique indexes decide, not a pre-check).
 */
export interface ModelConfigRepository {
  /** Throws `ModelConfigNameTakenError` when the owner already has a configuration of that name. */
  create(config: ModelConfig): Promise<void>;
  /** Replaces the stored configuration of that id; `ModelConfigNameTakenError` on a name clash; false when it is gone. */
  update(config: ModelConfig): Promise<boolean>;
  findById(id: string): Promise<ModelConfig | null>;
  /** Also unbinds the agents that used it, in the same transaction; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** `ownerId` undefined = every owner's (admins). */
  list(query: { ownerId?: string }, offset: number, limit: number): Promise<ModelConfigSlice>;
}

export const MODEL_CONFIG_REPOSITORY = token<ModelConfigRepository>('ModelConfigRepository');
