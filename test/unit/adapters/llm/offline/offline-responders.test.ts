import { goalDecompositionResponder } from '../../../../../adapters/llm/offline/responders/goal-decomposition.responder';
import { findResponder, OFFLINE_RESPONDERS, readStructuredPrompt } from '../../../../../adapters/llm/offline/responders';
import { selfReviewResponder } from '../../../../../adapters/llm/offline/responders/self-review.responder';

const prompt = (input: string) => readStructuredPrompt({ messages: [{ role: 'user', content: input }] });

describe('readStructuredPrompt', () => {
  it('When a request names its task, Then the task is read from the request and every system message is instructions', () => {
    const read = readStructuredPrompt({
      task: 'Goal-Decomposition',
      messages: [
        { role: 'system', content: 'Split the goal.' },
        { role: 'system', content: 'Be terse.' },
        { role: 'user', content: '{"title":"Ship it"}' },
      ],
    });
    expect(read).toMatchObject({
      task: 'goal-decomposition',
      instructions: 'Split the goal.\n\nBe terse.',
      input: '{"title":"Ship it"}',
      inputJson: { title: 'Ship it' },
    });
  });

  it('When a system message spells a task line, Then it is only text: tasks come from the request alone', () => {
    const read = readStructuredPrompt({ messages: [{ role: 'system', content: '#task: self-review\nReview it.' }] });
    expect(read.task).toBeUndefined();
    expect(read.instructions).toBe('#task: self-review\nReview it.');
  });
});

describe('responder registry', () => {
  it('lists goal decomposition and self-review and finds them by task', () => {
    expect(OFFLINE_RESPONDERS.map((r) => r.task)).toEqual(expect.arrayContaining(['goal-decomposition', 'self-review']));
    expect(findResponder('self-review')).toBe(selfReviewResponder);
    expect(findResponder('unknown')).toBeUndefined();
    expect(findResponder(undefined)).toBeUndefined();
  });
});

describe('goalDecompositionResponder', () => {
  it('makes a one-step goal into clarify, carry out and review, chained', () => {
    const result = goalDecompositionResponder.respond(prompt('Launch the new website')) as {
      tasks: Array<{ title: string; dependsOn: number[]; priority: string }>;
    };
    expect(result.tasks.map((t) => t.title)).toEqual([
      'Clarify the scope of: Launch the new website',
      'Carry out: Launch the new website',
      'Review the outcome of: Launch the new website',
    ]);
    expect(result.tasks.map((t) => t.priority)).toEqual(['high', 'medium', 'low']);
  });

  it('splits Chinese steps and reads a JSON goal', () => {
    const chinese = goalDecompositionResponder.respond(prompt('先调研市场，然后写报告，最后发给老板')) as { tasks: Array<{ title: string }> };
    expect(chinese.tasks.map((t) => t.title)).toEqual(['先调研市场', '写报告', '发给老板']);
    const json = goalDecompositionResponder.respond(prompt('{"title":"Plan","description":"Book flights. Reserve hotel"}')) as { tasks: unknown[] };
    expect(json.tasks).toHaveLength(3);
  });
});

describe('selfReviewResponder', () => {
  it('passes a substantial output that reports no error', () => {
    expect(selfReviewResponder.respond(prompt('The summary covers all five sections of the report.'))).toMatchObject({ passed: true, issues: [] });
  });

  it('fails an empty output, and one that reports an error', () => {
    expect(selfReviewResponder.respond(prompt('   '))).toMatchObject({ passed: false, issues: ['The output is empty.'] });
    expect(selfReviewResponder.respond(prompt('{"output":"The request failed with a timeout after three tries"}'))).toMatchObject({ passed: false });
  });
});
