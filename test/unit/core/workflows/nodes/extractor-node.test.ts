import { CompiledSchema, JsonSchemaValidator } from '../../../../../core/ports/json-schema-validator.port';
import { FieldIssue } from '../../../../../core/shared/domain-error';
import { JsonObject, JsonSchema, JsonValue } from '../../../../../core/shared/json';
import { err, ok, Result } from '../../../../../core/shared/result';
import { ExtractorNode } from '../../../../../core/services/workflows/nodes/extractor-node';
import { ModelJsonCall } from '../../../../../core/services/workflows/nodes/model-json-call';
import { NodeFailure } from '../../../../../core/services/workflows/nodes/node-failure';
import { LlmBudgetExceededError } from '../../../../../core/domain/llm/llm.errors';
import { okResponse, ScriptedLlmProvider } from '../../../../fixtures/llm/scripted-llm-provider';
import { nodeContext } from '../../../../fixtures/workflows/node-run-context.mother';
import { plainJsonReader } from '../../../../fixtures/workflows/plain-json-reader';

const USAGE = { promptTokens: 100, completionTokens: 20, totalTokens: 120 };
const SCHEMA: JsonSchema = {
  type: 'object',
  required: ['city', 'days'],
  properties: { city: { type: 'string' }, days: { type: 'number' } },
};

/** Checks `required` and the primitive `type` of each property; refuses a schema holding `$ref`. */
class FakeSchemaValidator implements JsonSchemaValidator {
  compiled: JsonSchema[] = [];
  compile(schema: JsonSchema, field: string): Result<CompiledSchema, FieldIssue[]> {
    this.compiled.push(schema);
    if ('$ref' in schema) return err([{ field: `${field}.$ref`, message: 'must point inside the schema' }]);
    return ok({ validate: (value: JsonValue) => issuesOf(schema, value as JsonObject) });
  }
}

function issuesOf(schema: JsonSchema, value: JsonObject): FieldIssue[] {
  const required = (schema.required as string[]) ?? [];
  const properties = (schema.properties as Record<string, { type: string }>) ?? {};
  return [
    ...required.filter((key) => !(key in value)).map((key) => ({ field: '', message: `must have required property '${key}'` })),
    ...Object.entries(properties)
      .filter(([key, rule]) => key in value && typeof value[key] !== rule.type)
      .map(([key, rule]) => ({ field: key, message: `must be ${rule.type}` })),
  ];
}

function extractorReplying(...replies: string[]) {
  const llm = new ScriptedLlmProvider(replies.map((content) => ({ response: { ...okResponse, content, usage: USAGE } })));
  const schemas = new FakeSchemaValidator();
  return { llm, schemas, node: new ExtractorNode(new ModelJsonCall(llm, plainJsonReader), schemas) };
}

function context(config: JsonObject = {}) {
  return nodeContext({ type: 'extractor', config: { input: 'Mail: {{input.mail}}', schema: SCHEMA, ...config }, input: { mail: 'Three days in Oslo please' } });
}

describe('extractor node', () => {
  it('When the reply matches the schema, Then the object is the output after one call', async () => {
    const { llm, node } = extractorReplying('Here it is: {"city": "Oslo", "days": 3}');
    const runContext = context({ instructions: 'Dates are in {{input.mail}}', model: 'gpt-x' });

    const result = await node.run(runContext);

    expect(result).toEqual({ output: { city: 'Oslo', days: 3 }, tokenUsage: USAGE });
    expect(llm.attempts).toBe(1);
    const request = llm.requests[0];
    expect(request).toMatchObject({ model: 'gpt-x', responseFormat: 'json', task: 'workflow-extractor', temperature: 0 });
    expect(request.budget).toBe(runContext.budget);
    expect(request.messages[0]).toMatchObject({ role: 'system', content: expect.stringMatching(/\n\nDates are in Three days in Oslo please$/) });
    expect(request.messages[1]).toEqual({ role: 'user', content: JSON.stringify({ text: 'Mail: Three days in Oslo please', schema: SCHEMA }) });
  });

  it('When the first reply does not match, Then the model is asked once more with its reply and the problems', async () => {
    const { llm, node } = extractorReplying('{"city": "Oslo", "days": "three"}', '{"city": "Oslo", "days": 3}');

    const result = await node.run(context());

    expect(result).toEqual({ output: { city: 'Oslo', days: 3 }, tokenUsage: { promptTokens: 200, completionTokens: 40, totalTokens: 240 } });
    const retry = llm.requests[1].messages;
    expect(retry.slice(0, 2)).toEqual(llm.requests[0].messages);
    expect(retry[2]).toEqual({ role: 'assistant', content: '{"city": "Oslo", "days": "three"}' });
    expect(JSON.parse(retry[3].content)).toEqual({ text: 'Mail: Three days in Oslo please', schema: SCHEMA, problems: 'result.days must be number' });
  });

  it('When the reply holds no JSON object, Then the retry says so', async () => {
    const { llm, node } = extractorReplying('Oslo, three days', '{"city": "Oslo", "days": 3}');

    await node.run(context());

    expect(JSON.parse(llm.requests[1].messages[3].content)).toMatchObject({ problems: 'the reply holds no JSON object' });
  });

  it('When the retry does not match either, Then the node fails with the problems and both calls tokens', async () => {
    const { llm, node } = extractorReplying('{"city": "Oslo"}', '{"days": 3}');

    const failure = await node.run(context()).catch((error: unknown) => error);

    expect(llm.attempts).toBe(2);
    expect(failure).toBeInstanceOf(NodeFailure);
    expect(failure).toMatchObject({
      code: 'workflow.extraction_failed',
      message: "The model's reply did not match the schema: result must have required property 'city'",
      tokenUsage: { promptTokens: 200, completionTokens: 40, totalTokens: 240 },
    });
  });

  it('When the retry call itself fails, Then the node fails with its code and the first call tokens', async () => {
    const llm = new ScriptedLlmProvider([{ response: { ...okResponse, content: '{}', usage: USAGE } }, { error: new LlmBudgetExceededError(1) }]);
    const node = new ExtractorNode(new ModelJsonCall(llm, plainJsonReader), new FakeSchemaValidator());

    await expect(node.run(context())).rejects.toMatchObject({ code: 'llm.budget_exceeded', tokenUsage: USAGE });
  });

  it('When the schema is over 32 KiB of JSON, Then the node fails before compiling it or calling the model', async () => {
    const { llm, schemas, node } = extractorReplying('{}');
    const huge = { type: 'object', description: 'x'.repeat(33 * 1024) };

    await expect(node.run(context({ schema: huge }))).rejects.toMatchObject({ code: 'workflow.invalid_node' });
    expect(schemas.compiled).toEqual([]);
    expect(llm.attempts).toBe(0);
  });

  it('When the schema cannot be compiled, Then the node fails before any model call', async () => {
    const { llm, node } = extractorReplying('{}');

    const run = node.run(context({ schema: { $ref: 'http://elsewhere/schema' } }));

    await expect(run).rejects.toMatchObject({
      code: 'workflow.invalid_node',
      message: 'The extractor schema is not usable: schema.$ref must point inside the schema',
    });
    expect(llm.attempts).toBe(0);
  });
});
