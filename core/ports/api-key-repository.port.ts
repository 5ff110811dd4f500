import { ApiKey } from '../domain/api-key/api-key.entity';
import { token } from '../shared/token';

/** Issued API keys of the prompt contract, found by their public id. */
export interface ApiKeyRepository {
  create(key: ApiKey): Promise<void>;
  findById(id: string): Promise<ApiKey | null>;
}

export const API_KEY_REPOSITORY = token<ApiKeyRepository>('ApiKeyRepository');
