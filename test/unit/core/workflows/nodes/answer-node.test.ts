import { answerNode } from '../../../../../core/services/workflows/nodes/answer-node';
import { nodeContext } from '../../../../fixtures/workflows/node-run-context.mother';

describe('answer node', () => {
  it('When it runs, Then its output is {answer} with the template rendered from the run', async () => {
    const context = nodeContext({
      type: 'answer',
      config: { answer: 'Dear {{input.name}}: {{nodes.fetch.output.status}}, after {{last}}' },
      input: { name: 'Ada' },
      outputs: { fetch: { status: 'shipped' } },
      last: 'checking',
    });

    await expect(answerNode.run(context)).resolves.toEqual({ output: { answer: 'Dear Ada: shipped, after checking' } });
  });

  it('When a placeholder names an object, Then the answer holds it as JSON text', async () => {
    const context = nodeContext({ type: 'answer', config: { answer: 'Got {{input}}' }, input: { a: [1, 2] } });

    await expect(answerNode.run(context)).resolves.toEqual({ output: { answer: 'Got {"a":[1,2]}' } });
  });
});
