import { ModelConfigProviderCache } from '../../../../adapters/llm/model-config-provider-cache';
import { LlmProvider } from '../../../../core/ports/llm-provider.port';
import { aModelConfig } from '../../../fixtures/model-configs/model-config.mother';

const provider = (name: string) => ({ name }) as LlmProvider;

describe('ModelConfigProviderCache', () => {
  it('When a configuration is edited, Then the client built for the old version is dropped, not kept beside the new one', () => {
    const cache = new ModelConfigProviderCache();
    const config = aModelConfig();
    cache.obtain(config, () => provider('v1'));
    const edited = { ...config, updatedAt: new Date(config.updatedAt.getTime() + 1) };
    expect(cache.obtain(edited, () => provider('v2')).name).toBe('v2');
    expect(cache.size).toBe(1);
  });

  it('When more configurations are used than it holds, Then the least recently used goes first', () => {
    const cache = new ModelConfigProviderCache(2);
    const [a, b, c] = [aModelConfig(), aModelConfig(), aModelConfig()];
    const builds: string[] = [];
    const obtain = (config: typeof a, name: string) => cache.obtain(config, () => (builds.push(name), provider(name)));
    obtain(a, 'a');
    obtain(b, 'b');
    obtain(a, 'a');
    obtain(c, 'c');
    obtain(a, 'a');
    obtain(b, 'b');
    expect(builds).toEqual(['a', 'b', 'c', 'b']);
    expect(cache.size).toBe(2);
  });
});
