import { ClassifierNode } from '../../../../../core/services/workflows/nodes/classifier-node';
import { ModelJsonCall } from '../../../../../core/services/workflows/nodes/model-json-call';
import { NodeFailure } from '../../../../../core/services/workflows/nodes/node-failure';
import { JsonObject } from '../../../../../core/shared/json';
import { okResponse, ScriptedLlmProvider } from '../../../../fixtures/llm/scripted-llm-provider';
import { nodeContext } from '../../../../fixtures/workflows/node-run-context.mother';
import { plainJsonReader } from '../../../../fixtures/workflows/plain-json-reader';

const USAGE = { promptTokens: 40, completionTokens: 8, totalTokens: 48 };
const CLASSES: JsonObject[] = [
  { label: 'billing', description: 'Invoices, refunds and payments' },
  { label: 'bug', description: 'Something does not work' },
  { label: 'other' },
];

function classifierReplying(...replies: string[]) {
  const llm = new ScriptedLlmProvider(replies.map((content) => ({ response: { ...okResponse, content, usage: USAGE } })));
  return { llm, node: new ClassifierNode(new ModelJsonCall(llm, plainJsonReader)) };
}

function context(config: JsonObject = {}) {
  return nodeContext({ type: 'classifier', config: { input: 'Ticket: {{input.text}}', classes: CLASSES, ...config }, input: { text: 'I was charged twice' } });
}

describe('classifier node', () => {
  it('When the model names a class, Then the output is {label, reason}, the branch is the label and the tokens count', async () => {
    const { llm, node } = classifierReplying('```json\n{"label": "billing", "reason": "A double charge is a payment problem."}\n```');
    const runContext = context({ model: 'gpt-x', instructions: 'Customer is {{input.text}}' });

    const result = await node.run(runContext);

    expect(result).toEqual({ output: { label: 'billing', reason: 'A double charge is a payment problem.' }, branch: 'billing', tokenUsage: USAGE });
    const request = llm.requests[0];
    expect(request).toMatchObject({ model: 'gpt-x', temperature: 0, responseFormat: 'json', task: 'workflow-classifier' });
    expect(request.budget).toBe(runContext.budget);
    expect(request.trace).toEqual({ executionId: 'execution-1', ownerId: 'user-1' });
    expect(request.messages[0]).toMatchObject({ role: 'system', content: expect.stringMatching(/\n\nCustomer is I was charged twice$/) });
    expect(request.messages[1].role).toBe('user');
    expect(JSON.parse(request.messages[1].content)).toEqual({
      text: 'Ticket: I was charged twice',
      classes: [
        { label: 'billing', description: 'Invoices, refunds and payments' },
        { label: 'bug', description: 'Something does not work' },
        { label: 'other', description: '' },
      ],
    });
  });

  it.each([
    ['{"label": "Billing"}', 'billing'],
    ['{"label": " \\"bug\\". "}', 'bug'],
    ['bug', 'bug'],
    ['"OTHER"', 'other'],
  ])('When the reply is %s, Then the class it names (%s) is found despite case, quotes and spaces', async (reply, label) => {
    const { node } = classifierReplying(reply);

    await expect(node.run(context())).resolves.toEqual({ output: { label }, branch: label, tokenUsage: USAGE });
  });

  it('When the reply names no class and there is a default_class, Then the default is the label and the branch', async () => {
    const { node } = classifierReplying('{"label": "shipping", "reason": "About a parcel"}');

    const result = await node.run(context({ default_class: 'other' }));

    expect(result).toMatchObject({ output: { label: 'other', reason: 'About a parcel' }, branch: 'other' });
  });

  it('When the reply names no class and there is no default_class, Then the node fails as unclassified with its tokens', async () => {
    const { node } = classifierReplying('I cannot decide.');

    const failure = await node.run(context()).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(NodeFailure);
    expect(failure).toMatchObject({ code: 'workflow.unclassified', message: 'The model named none of the classes', tokenUsage: USAGE });
  });

  it('When default_class is not one of the classes, Then the node fails before any model call', async () => {
    const { llm, node } = classifierReplying('{"label": "bug"}');

    await expect(node.run(context({ default_class: 'spam' }))).rejects.toMatchObject({ code: 'workflow.invalid_node' });
    expect(llm.attempts).toBe(0);
  });

  it('When the model call fails, Then the node fails with the provider error', async () => {
    const llm = new ScriptedLlmProvider([{ error: new NodeFailure('llm.timeout', 'The model did not answer in time') }]);
    const node = new ClassifierNode(new ModelJsonCall(llm, plainJsonReader));

    await expect(node.run(context())).rejects.toMatchObject({ code: 'llm.timeout' });
  });

  it('When the reason is very long, Then the output keeps its first 500 characters', async () => {
    const { node } = classifierReplying(JSON.stringify({ label: 'bug', reason: 'x'.repeat(2000) }));

    const result = await node.run(context());

    expect((result.output as { reason: string }).reason).toHaveLength(500);
  });
});
