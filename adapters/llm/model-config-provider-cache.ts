import { ModelConfig } from '../../core/domain/model-config/model-config.entity';
import { LlmProvider } from '../../core/ports/llm-provider.port';

const DEFAULT_CAPACITY = 128;

/**
 * Providers built from model configurations, so runs reuse SDK clients. The key holds the
 * configuration's `updatedAt`: an edit (in any process) makes a new key and the stale client is
 * never used again. Bounded, least recently used first out (it holds opened API keys).
 */
export class ModelConfigProviderCache {
  private readonly entries = new Map<string, LlmProvider>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  obtain(config: ModelConfig, build: () => LlmProvider): LlmProvider {
    const key = `${config.id}@${config.updatedAt.getTime()}`;
    let provider = this.entries.get(key);
    if (provider) {
      this.entries.delete(key);
    } else {
      provider = build();
      this.forgetOtherVersions(config.id);
    }
    this.entries.set(key, provider);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return provider;
  }

  get size(): number {
    return this.entries.size;
  }

  private forgetOtherVersions(id: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${id}@`)) this.entries.delete(key);
  }
}
