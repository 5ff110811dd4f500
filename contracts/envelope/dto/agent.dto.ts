export type ProviderName = 'openai' | 'anthropic' | 'local';

export interface ModelConfigRequest {
  provider: ProviderName;
  /** @minLength 1 @maxLength 100 */
  model_name: string;
  /** Default 0.7. @minimum 0 @maximum 2 */
  temperature?: number;
  /** Default 2048. @isInt @minimum 1 @maximum 32768 */
  max_tokens?: number;
}

/** On update every field is optional, `model_config`'s too: what is left out keeps its value. */
export interface ModelConfigUpdateRequest {
  provider?: ProviderName;
  /** @minLength 1 @maxLength 100 */
  model_name?: string;
  /** @minimum 0 @maximum 2 */
  temperature?: number;
  /** @isInt @minimum 1 @maximum 32768 */
  max_tokens?: number;
}

export interface AgentCreateRequest {
  /** @minLength 1 @maxLength 100 */
  name: string;
  /** @maxLength 2000 */
  description?: string;
  /** The agent's system prompt. @minLength 1 @maxLength 10000 */
  prompt_template: string;
  model_config: ModelConfigRequest;
}

export interface AgentUpdateRequest {
  /** @minLength 1 @maxLength 100 */
  name?: string;
  /** @maxLength 2000 */
  description?: string;
  /** @minLength 1 @maxLength 10000 */
  prompt_template?: string;
  model_config?: ModelConfigUpdateRequest;
}

export interface ModelConfigResponse {
  provider: ProviderName;
  model_name: string;
  temperature: number;
  max_tokens: number;
}

export interface AgentResponse {
  id: number;
  owner_id: number;
  name: string;
  description: string;
  prompt_template: string;
  model_config: ModelConfigResponse;
  /** ISO 8601 UTC */
  created_at: string;
  /** ISO 8601 UTC */
  updated_at: string;
}

export interface AgentPageResponse {
  items: AgentResponse[];
  total: number;
  page: number;
  page_size: number;
}

export interface DeletionResponse {
  id: number;
  deleted: true;
}
