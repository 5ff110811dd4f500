import { PerMinuteAllowance } from '../../../../core/services/quotas/per-minute-allowance.service';
import { Actor } from '../../../../core/domain/auth/actor';
import { LlmUpstreamError } from '../../../../core/domain/llm/llm.errors';
import { LlmProviderRegistry, ModelRef } from '../../../../core/ports/llm-provider-registry.port';
import { RateLimitedError } from '../../../../core/shared/common.errors';
import { ModelConfigTester } from '../../../../core/services/model-configs/model-config-tester.service';
import { okResponse, ScriptedLlmProvider, ScriptedOutcome } from '../../../fixtures/llm/scripted-llm-provider';
import { InMemoryModelConfigRepository } from '../../../fixtures/model-configs/in-memory-model-config-repository';
import { aModelConfig } from '../../../fixtures/model-configs/model-config.mother';
import { InMemoryRateLimiter } from '../../../fixtures/rate-limit/in-memory-rate-limiter';

const owner: Actor = { userId: '11111111-1111-4111-8111-111111111111', role: 'user' };
const admin: Actor = { userId: '99999999-9999-4999-8999-999999999999', role: 'admin' };

function setup(outcomes: ScriptedOutcome[], testRatePerMinute = 60) {
  const config = aModelConfig({ ownerId: owner.userId, model: 'gpt-4.1' });
  const model = new ScriptedLlmProvider(outcomes);
  const refs: ModelRef[] = [];
  const registry: LlmProviderRegistry = { resolve: async (ref) => (refs.push(ref), { provider: model, model: 'gpt-4.1', configId: config.id }) };
  const tester = new ModelConfigTester(
    new InMemoryModelConfigRepository([config]),
    registry,
    new PerMinuteAllowance(new InMemoryRateLimiter(), { now: () => new Date(0) }),
    { now: () => new Date(0) },
    { testRatePerMinute },
  );
  return { config, model, refs, tester };
}

describe('ModelConfigTester', () => {
  it('When an admin tests a user’s configuration, Then the registry is asked for that configuration as its owner’s, and one attempt is made', async () => {
    const { config, model, refs, tester } = setup([{ response: okResponse }]);
    await expect(tester.test(admin, config.id)).resolves.toEqual({ success: true, latencyMs: 0, model: 'scripted-1', reply: 'ok' });
    expect(refs).toEqual([{ ownerId: owner.userId, provider: 'openai', modelName: 'gpt-4.1', modelConfigId: config.id }]);
    expect(model.requests[0]).toMatchObject({ model: 'gpt-4.1', maxAttempts: 1, trace: { ownerId: admin.userId } });
  });

  it('When the model fails, Then the result carries the mapped failure and the configured model', async () => {
    const { config, tester } = setup([{ error: new LlmUpstreamError('openai: the model provider answered HTTP 404', false, 404) }]);
    await expect(tester.test(owner, config.id)).resolves.toMatchObject({ success: false, model: 'gpt-4.1', error: { code: 'not_found' } });
  });

  it('When a user tests past the per-minute limit, Then it is rate_limited and nothing is sent', async () => {
    const { config, model, tester } = setup([{ response: okResponse }, { response: okResponse }], 1);
    await tester.test(owner, config.id);
    await expect(tester.test(owner, config.id)).rejects.toBeInstanceOf(RateLimitedError);
    expect(model.attempts).toBe(1);
  });

  it('When the configuration is not the caller’s, Then it is not found before anything is counted or sent', async () => {
    const { config, model, tester } = setup([{ response: okResponse }], 1);
    const stranger: Actor = { userId: '22222222-2222-4222-8222-222222222222', role: 'user' };
    await expect(tester.test(stranger, config.id)).rejects.toMatchObject({ code: 'model_config.not_found' });
    await expect(tester.test(owner, config.id)).resolves.toMatchObject({ success: true });
    expect(model.attempts).toBe(1);
  });
});
