import { OfflineLlmProvider } from '../../../adapters/llm/offline/offline-llm-provider';
import { describeLlmProviderContract } from '../ports/llm-provider.contract';

describeLlmProviderContract('OfflineLlmProvider', () => new OfflineLlmProvider());
