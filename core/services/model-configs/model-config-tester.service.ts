import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { CLOCK, Clock } from '../../ports/clock.port';
import { LLM_PROVIDER_REGISTRY, LlmProviderRegistry } from '../../ports/llm-provider-registry.port';
import { MODEL_CONFIG_REPOSITORY, ModelConfigRepository } from '../../ports/model-config-repository.port';
import { RateLimitedError } from '../../shared/common.errors';
import { PerMinuteAllowance } from '../quotas/per-minute-allowance.service';
import { MODEL_CONFIG_SETTINGS, ModelConfigSettings } from './model-config-settings';
import { ModelTestFailure, modelTestFailureOf } from './model-test-failure';
import { findModelConfigFor } from './visible-model-config';

export type ModelTestResult =
  { success: true; latencyMs: number; model: string; reply: string } | { success: false; latencyMs: number; model: string; error: ModelTestFailure };

const TEST_PROMPT = 'This is a connection test. Reply with the single word: OK';
const MAX_TEST_TOKENS = 32;
const MAX_REPLY_CHARS = 200;

/**
 * "Test connection": one short chat call through the very path runs take (the provider
 * registry, the egress guard, the call log), without retries. It spends the owner's key, so
 * it is rate-limited per user (SECURITY.md). A failing model is a result, not an error.
 */
@injectable()
export class ModelConfigTester {
  constructor(
    @inject(MODEL_CONFIG_REPOSITORY) private readonly configs: ModelConfigRepository,
    @inject(LLM_PROVIDER_REGISTRY) private readonly registry: LlmProviderRegistry,
    @inject(PerMinuteAllowance) private readonly allowance: PerMinuteAllowance,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(MODEL_CONFIG_SETTINGS) private readonly settings: ModelConfigSettings,
  ) {}

  async test(actor: Actor, id: string): Promise<ModelTestResult> {
    const config = await findModelConfigFor(this.configs, actor, id, 'execute');
    await this.consume(actor);
    const started = this.clock.now().getTime();
    const elapsed = () => Math.max(0, this.clock.now().getTime() - started);
    try {
      const resolved = await this.registry.resolve({ ownerId: config.ownerId, provider: config.provider, modelName: config.model, modelConfigId: config.id });
      const response = await resolved.provider.chat({
        messages: [{ role: 'user', content: TEST_PROMPT }],
        model: resolved.model,
        maxTokens: MAX_TEST_TOKENS,
        maxAttempts: 1,
        trace: { ownerId: actor.userId },
      });
      return { success: true, latencyMs: elapsed(), model: response.model, reply: response.content.trim().slice(0, MAX_REPLY_CHARS) };
    } catch (error) {
      const failure = modelTestFailureOf(error);
      if (!failure) throw error;
      return { success: false, latencyMs: elapsed(), model: config.model, error: failure };
    }
  }

  private async consume(actor: Actor): Promise<void> {
    const limit = this.settings.testRatePerMinute;
    const retryAfter = await this.allowance.spend(`model-config-test:${actor.userId}`, limit);
    if (retryAfter !== null) throw new RateLimitedError(`At most ${limit} model tests per minute; try again later`, retryAfter);
  }
}
