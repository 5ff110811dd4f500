import { ChatMessage, TokenUsage } from '../../../domain/llm/chat-message';
import { LenientJsonReader } from '../../../ports/lenient-json-reader.port';
import { LlmProvider } from '../../../ports/llm-provider.port';
import { JsonObject } from '../../../shared/json';
import { NodeRunContext } from './node-executor';

export interface ModelJsonReply {
  /** The first JSON object of the reply, repaired where it could be; undefined when there is none. */
  object: JsonObject | undefined;
  content: string;
  usage: TokenUsage;
}

/**
 * One model call that asks for a JSON object (classifier, extractor) on the run's budget. Models
 * wrap JSON in prose or fences and get its syntax wrong, so the reply is read leniently.
 */
export class ModelJsonCall {
  constructor(
    private readonly llm: LlmProvider,
    private readonly json: LenientJsonReader,
  ) {}

  async ask(messages: ChatMessage[], task: string, model: string | undefined, context: NodeRunContext): Promise<ModelJsonReply> {
    const { budget, signal, trace } = context;
    const response = await this.llm.chat({ messages, model, temperature: 0, responseFormat: 'json', task, budget, signal, trace });
    return { object: this.json.readObject(response.content), content: response.content, usage: response.usage };
  }
}
