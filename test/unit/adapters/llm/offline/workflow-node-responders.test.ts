import { JsonRepairLenientJsonReader } from '../../../../../adapters/json/jsonrepair-lenient-json-reader';
import { OfflineLlmProvider } from '../../../../../adapters/llm/offline/offline-llm-provider';
import { findResponder } from '../../../../../adapters/llm/offline/responders';
import { workflowClassifierResponder } from '../../../../../adapters/llm/offline/responders/workflow-classifier.responder';
import { workflowExtractorResponder } from '../../../../../adapters/llm/offline/responders/workflow-extractor.responder';
import { AjvJsonSchemaValidator } from '../../../../../adapters/validation/ajv-json-schema-validator';
import { ClassifierNode } from '../../../../../core/services/workflows/nodes/classifier-node';
import { ExtractorNode } from '../../../../../core/services/workflows/nodes/extractor-node';
import { ModelJsonCall } from '../../../../../core/services/workflows/nodes/model-json-call';
import { nodeContext } from '../../../../fixtures/workflows/node-run-context.mother';

const model = new ModelJsonCall(new OfflineLlmProvider(), new JsonRepairLenientJsonReader());
const CLASSES = [
  { label: 'billing', description: 'Invoices, refunds, charges and payments' },
  { label: 'bug_report', description: 'Something in the product does not work' },
];

describe('Offline answers to the workflow classifier and extractor', () => {
  it('When asked by task, Then the registry finds both responders', () => {
    expect(findResponder('workflow-classifier')).toBe(workflowClassifierResponder);
    expect(findResponder('workflow-extractor')).toBe(workflowExtractorResponder);
  });

  it.each([
    ['I was charged twice on my last invoice', 'billing'],
    ['The export button does not work, it is a bug', 'bug_report'],
    ['Hello there', 'billing'],
  ])('When the classifier node runs offline on "%s", Then the class sharing the most words (%s) is its branch', async (text, label) => {
    const context = nodeContext({ type: 'classifier', config: { input: '{{input.text}}', classes: CLASSES }, input: { text } });

    const result = await new ClassifierNode(model).run(context);

    expect(result.branch).toBe(label);
    expect(result.output).toEqual({ label, reason: expect.stringContaining('[offline model]') });
  });

  it('When the extractor node runs offline, Then it returns an object that matches the schema', async () => {
    const schema = {
      type: 'object',
      required: ['email', 'days'],
      properties: { email: { type: 'string' }, days: { type: 'integer' }, note: { type: 'string' } },
    };
    const context = nodeContext({ type: 'extractor', config: { input: '{{input.mail}}', schema }, input: { mail: 'Book 3 days for ada@example.com' } });

    const result = await new ExtractorNode(model, new AjvJsonSchemaValidator()).run(context);

    expect(result.output).toMatchObject({ email: 'ada@example.com', days: 3 });
  });
});
