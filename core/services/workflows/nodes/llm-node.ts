import { ChatMessage } from '../../../domain/llm/chat-message';
import { renderTemplate } from '../../../domain/workflow/template';
import { LlmProvider } from '../../../ports/llm-provider.port';
import { numberField, textField } from './node-config';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';

/** One chat call: the rendered `system` and `prompt`; the answer's text is the output. */
export class LlmNode implements NodeType {
  readonly type = 'llm';
  readonly configSchema = {
    type: 'object',
    required: ['prompt'],
    properties: {
      prompt: { type: 'string', minLength: 1 },
      system: { type: 'string' },
      model: { type: 'string', minLength: 1, maxLength: 100 },
      temperature: { type: 'number', minimum: 0, maximum: 2 },
    },
  };

  constructor(private readonly llm: LlmProvider) {}

  async run({ config, scope, budget, signal }: NodeRunContext): Promise<NodeRunResult> {
    const system = textField(config, 'system');
    const messages: ChatMessage[] = [
      ...(system === undefined ? [] : [{ role: 'system' as const, content: renderTemplate(system, scope) }]),
      { role: 'user', content: renderTemplate(textField(config, 'prompt') ?? '', scope) },
    ];
    const response = await this.llm.chat({
      messages,
      model: textField(config, 'model'),
      temperature: numberField(config, 'temperature'),
      budget,
      signal,
    });
    return { output: response.content, tokenUsage: response.usage };
  }
}
