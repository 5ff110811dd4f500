import { addUsage, ChatMessage, TokenUsage } from '../../../domain/llm/chat-message';
import { renderTemplate } from '../../../domain/workflow/template';
import { CompiledSchema, JsonSchemaValidator } from '../../../ports/json-schema-validator.port';
import { DomainError } from '../../../shared/domain-error';
import { JsonSchema } from '../../../shared/json';
import { describeIssuesUnder, summarizeIssues } from '../../../shared/issue-summary';
import { objectField, textField } from './node-config';
import { configObject, MODEL_FIELD, templateField } from './node-config-schema';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeFailure } from './node-failure';
import { NodeType } from './node-type';
import { EXTRACTOR_TASK, extractorCorrection, extractorMessages } from './extractor-prompt';
import { ModelJsonCall, ModelJsonReply } from './model-json-call';

const MAX_SCHEMA_CHARS = 32 * 1024;
/** Problems named in the retry prompt and the failure message at most. */
const MAX_PROBLEMS = 10;

/**
 * One model call extracts a JSON object matching `schema` from the rendered `input`. A reply that
 * is no object or does not match is sent back once with its problems; a second miss fails the node.
 */
export class ExtractorNode implements NodeType {
  readonly type = 'extractor';
  readonly configSchema = configObject({ input: templateField(1), schema: { type: 'object' }, instructions: templateField(), model: MODEL_FIELD }, [
    'input',
    'schema',
  ]);

  constructor(
    private readonly model: ModelJsonCall,
    private readonly schemas: JsonSchemaValidator,
  ) {}

  async run(context: NodeRunContext): Promise<NodeRunResult> {
    const { config, scope } = context;
    const schema = objectField(config, 'schema');
    const compiled = this.compile(schema);
    const model = textField(config, 'model');
    const text = renderTemplate(textField(config, 'input') ?? '', scope);
    const messages = extractorMessages(schema, text, renderTemplate(textField(config, 'instructions') ?? '', scope));
    const first = await this.model.ask(messages, EXTRACTOR_TASK, model, context);
    const firstProblems = problemsOf(first, compiled);
    if (firstProblems === undefined) return { output: first.object ?? {}, tokenUsage: first.usage };
    const retry = extractorCorrection(messages, first.content, schema, text, firstProblems);
    const second = await this.askAgain(retry, model, context, first.usage);
    const secondProblems = problemsOf(second, compiled);
    const usage = addUsage(first.usage, second.usage);
    if (secondProblems !== undefined) {
      throw new NodeFailure('workflow.extraction_failed', `The model's reply did not match the schema: ${secondProblems}`, usage);
    }
    return { output: second.object ?? {}, tokenUsage: usage };
  }

  /** The schema is also quoted in the prompt: the custom tools' cap keeps both bounded. */
  private compile(schema: JsonSchema): CompiledSchema {
    if (JSON.stringify(schema).length > MAX_SCHEMA_CHARS) {
      throw new NodeFailure('workflow.invalid_node', `The extractor schema must be at most ${MAX_SCHEMA_CHARS} characters of JSON`);
    }
    const compiled = this.schemas.compile(schema, 'schema');
    if (!compiled.ok) throw new NodeFailure('workflow.invalid_node', summarizeIssues('The extractor schema is not usable', compiled.error));
    return compiled.value;
  }

  /** The retry; a failing call still counts the first call's tokens. */
  private async askAgain(messages: ChatMessage[], model: string | undefined, context: NodeRunContext, spent: TokenUsage): Promise<ModelJsonReply> {
    try {
      return await this.model.ask(messages, EXTRACTOR_TASK, model, context);
    } catch (error) {
      if (error instanceof DomainError && !(error instanceof NodeFailure)) throw new NodeFailure(error.code, error.message, spent);
      throw error;
    }
  }
}

/** Undefined when the reply is a matching object; else its problems in one line. */
function problemsOf(reply: ModelJsonReply, schema: CompiledSchema): string | undefined {
  if (!reply.object) return 'the reply holds no JSON object';
  const issues = schema.validate(reply.object);
  return issues.length === 0 ? undefined : describeIssuesUnder('result', issues.slice(0, MAX_PROBLEMS));
}
