import { ModelConfig } from '../../../core/domain/model-config/model-config.entity';
import { ModelConfigDraft, ModelConfigPatch } from '../../../core/services/model-configs/model-config-manager.service';
import { ModelTestResult } from '../../../core/services/model-configs/model-config-tester.service';
import { Page } from '../../../core/shared/pagination';
import {
  ModelConfigCreateRequest,
  ModelConfigPageResponse,
  ModelConfigResponse,
  ModelConfigTestResponse,
  ModelConfigUpdateRequest,
} from '../dto/model-config.dto';

export function toModelConfigResponse(config: ModelConfig): ModelConfigResponse {
  return {
    id: config.id,
    owner_id: config.ownerId,
    name: config.name,
    provider: config.provider,
    model: config.model,
    base_url: config.baseUrl,
    has_api_key: config.sealedApiKey !== null,
    api_key_hint: config.apiKeyHint,
    is_default: config.isDefault,
    created_at: config.createdAt.toISOString(),
    updated_at: config.updatedAt.toISOString(),
  };
}

export function toModelConfigPageResponse(page: Page<ModelConfig>): ModelConfigPageResponse {
  return { items: page.items.map(toModelConfigResponse), total: page.total, page: page.page, page_size: page.pageSize };
}

export function toModelConfigDraft(body: ModelConfigCreateRequest): ModelConfigDraft {
  return { name: body.name, provider: body.provider, model: body.model, baseUrl: body.base_url, apiKey: body.api_key, isDefault: body.is_default };
}

/** Only the fields the body holds: an absent one keeps its stored value. */
export function toModelConfigPatch(body: ModelConfigUpdateRequest): ModelConfigPatch {
  const patch: ModelConfigPatch = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.provider !== undefined) patch.provider = body.provider;
  if (body.model !== undefined) patch.model = body.model;
  if (body.base_url !== undefined) patch.baseUrl = body.base_url;
  if (body.api_key !== undefined) patch.apiKey = body.api_key;
  if (body.is_default !== undefined) patch.isDefault = body.is_default;
  return patch;
}

export function toModelConfigTestResponse(result: ModelTestResult): ModelConfigTestResponse {
  if (result.success) return { success: true, latency_ms: result.latencyMs, model: result.model, reply: result.reply };
  return { success: false, latency_ms: result.latencyMs, model: result.model, error: result.error };
}
