import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { apiKeyContextOf, apiKeyHintOf, ModelConfig } from '../../domain/model-config/model-config.entity';
import { ModelConfigNotFoundError } from '../../domain/model-config/model-config.errors';
import { CheckedModelConfig, checkModelConfigSpec, ModelConfigSpec, storedKeyMustBeResent } from '../../domain/model-config/model-config-spec';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { MODEL_CONFIG_REPOSITORY, ModelConfigRepository } from '../../ports/model-config-repository.port';
import { SECRET_CIPHER, SecretCipher } from '../../ports/secret-cipher.port';
import { TCP_EGRESS_GUARD, TcpEgressGuard } from '../../ports/tcp-egress-guard.port';
import { ValidationError } from '../../shared/common.errors';
import { AuditTrail } from '../audit/audit-trail.service';
import { vetBaseUrl } from './base-url-guard';
import { findModelConfigFor } from './visible-model-config';

/** POST body: `isDefault` defaults to false, `baseUrl` to the provider's public endpoint. */
export type ModelConfigDraft = Omit<ModelConfigSpec, 'isDefault' | 'baseUrl'> & { baseUrl?: string | null; isDefault?: boolean };

/** PUT body: any subset of the fields; without `apiKey` the stored key stays, `apiKey: null` removes it. */
export type ModelConfigPatch = Partial<ModelConfigSpec>;

/**
 * Creates, changes and deletes users' model configurations. The API key is sealed before it is
 * stored and never handed back; a base URL must be a destination the egress guard allows.
 */
@injectable()
export class ModelConfigManager {
  constructor(
    @inject(MODEL_CONFIG_REPOSITORY) private readonly configs: ModelConfigRepository,
    @inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
    @inject(TCP_EGRESS_GUARD) private readonly egress: TcpEgressGuard,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async create(actor: Actor, draft: ModelConfigDraft): Promise<ModelConfig> {
    const checked = checkFields({ ...draft, baseUrl: draft.baseUrl ?? null, isDefault: draft.isDefault ?? false }, false);
    if (checked.baseUrl !== null) await vetBaseUrl(this.egress, checked.baseUrl);
    const id = this.ids.uuid();
    const now = this.clock.now();
    const config = this.assemble(checked, { id, ownerId: actor.userId, createdAt: now, updatedAt: now }, null);
    await this.configs.create(config);
    await this.record(actor, 'model_config.create', config);
    return config;
  }

  async update(actor: Actor, id: string, patch: ModelConfigPatch): Promise<ModelConfig> {
    const current = await findModelConfigFor(this.configs, actor, id, 'update');
    const merged: ModelConfigSpec = {
      name: patch.name ?? current.name,
      provider: patch.provider ?? current.provider,
      model: patch.model ?? current.model,
      baseUrl: patch.baseUrl === undefined ? current.baseUrl : patch.baseUrl,
      apiKey: patch.apiKey,
      isDefault: patch.isDefault ?? current.isDefault,
    };
    const checked = checkFields(merged, current.sealedApiKey !== null);
    if (storedKeyMustBeResent(current, checked)) {
      throw new ValidationError('Invalid model configuration', [{ field: 'api_key', message: 'is required again when the provider or base URL changes' }]);
    }
    // The network is asked last, and only about a base URL that changed.
    if (checked.baseUrl !== null && checked.baseUrl !== current.baseUrl) await vetBaseUrl(this.egress, checked.baseUrl);
    const identity = { id: current.id, ownerId: current.ownerId, createdAt: current.createdAt, updatedAt: this.clock.now() };
    const config = this.assemble(checked, identity, current);
    if (!(await this.configs.update(config))) throw new ModelConfigNotFoundError(id);
    await this.record(actor, 'model_config.update', config);
    return config;
  }

  /** Agents bound to it fall back to the provider they name. */
  async delete(actor: Actor, id: string): Promise<void> {
    const current = await findModelConfigFor(this.configs, actor, id, 'delete');
    if (!(await this.configs.delete(current.id))) throw new ModelConfigNotFoundError(id);
    await this.record(actor, 'model_config.delete', current);
  }

  private assemble(
    checked: CheckedModelConfig,
    identity: Pick<ModelConfig, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>,
    stored: ModelConfig | null,
  ): ModelConfig {
    const { apiKey, ...fields } = checked;
    let sealedApiKey: string | null = null;
    let apiKeyHint: string | null = null;
    if (typeof apiKey === 'object') {
      sealedApiKey = this.cipher.seal(apiKey.set, apiKeyContextOf(identity.id));
      apiKeyHint = apiKeyHintOf(apiKey.set);
    } else if (apiKey === 'keep' && stored) {
      sealedApiKey = stored.sealedApiKey;
      apiKeyHint = stored.apiKeyHint;
    }
    return { ...fields, ...identity, sealedApiKey, apiKeyHint };
  }

  private record(actor: Actor, action: string, config: ModelConfig): Promise<void> {
    return this.audit.record({
      actorId: actor.userId,
      action,
      resourceType: 'model_config',
      resourceId: config.id,
      outcome: 'success',
      detail: { name: config.name, provider: config.provider, owner_id: config.ownerId },
    });
  }
}

function checkFields(spec: ModelConfigSpec, hasStoredKey: boolean): CheckedModelConfig {
  const result = checkModelConfigSpec(spec, hasStoredKey);
  if (!result.ok) throw new ValidationError('Invalid model configuration', result.error);
  return result.value;
}
