import { LlmProvider } from '../../core/ports/llm-provider.port';
import { AppConfig, LlmProviderKind } from '../config/app-config';
import { createLlmProvider, ProviderTools } from './llm-provider-factory';

/**
 * The providers the server's own configuration offers (decisions.md's variables): the
 * process-wide `LLM_PROVIDER` one, and each other provider whose key or endpoint is set.
 * Built on first use and kept for the life of the process.
 */
export class ServerLlmProviders {
  private readonly built = new Map<LlmProviderKind, LlmProvider>();

  constructor(
    private readonly llm: AppConfig['llm'],
    /** The `LLM_PROVIDER` binding, reused when an agent names that provider. */
    private readonly processWide: LlmProvider,
    private readonly tools: ProviderTools,
  ) {
    this.built.set(llm.provider, processWide);
  }

  /** The provider `name` when the server has a configuration of it, else undefined. */
  get(name: string): LlmProvider | undefined {
    if (!isKind(name) || !this.isConfigured(name)) return undefined;
    let provider = this.built.get(name);
    if (!provider) {
      provider = createLlmProvider(name, this.llm, this.tools);
      this.built.set(name, provider);
    }
    return provider;
  }

  /** The model that answers when nothing else can: needs no key and no network. */
  offline(): LlmProvider {
    return this.get('offline') as LlmProvider;
  }

  private isConfigured(kind: LlmProviderKind): boolean {
    switch (kind) {
      case 'offline':
        return true;
      case 'openai':
        return this.llm.openai.apiKey !== undefined;
      case 'anthropic':
        return this.llm.anthropic.apiKey !== undefined;
      case 'local':
        return this.llm.localConfigured;
    }
  }
}

const KINDS: ReadonlyArray<string> = ['offline', 'openai', 'anthropic', 'local'];

function isKind(name: string): name is LlmProviderKind {
  return KINDS.includes(name);
}
