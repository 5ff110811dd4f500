import { Actor } from '../../../../core/domain/auth/actor';
import { LlmCallBudget } from '../../../../core/domain/llm/llm-call-budget';
import { citationsIn, noSourcesAnswer } from '../../../../core/services/knowledge/rag-prompt';
import { InMemoryKnowledgeStorage } from '../../../fixtures/knowledge/in-memory-knowledge-storage';
import { createKnowledgeTestBed, KnowledgeTestBed } from '../../../fixtures/knowledge/knowledge-test-bed';
import { okResponse, ScriptedLlmProvider } from '../../../fixtures/llm/scripted-llm-provider';

const alice: Actor = { userId: 'alice', role: 'user' };
const bob: Actor = { userId: 'bob', role: 'user' };

describe('RagAnswerer', () => {
  let llm: ScriptedLlmProvider;
  let bed: KnowledgeTestBed;
  let baseId: string;

  beforeEach(async () => {
    llm = new ScriptedLlmProvider([{ response: { ...okResponse, content: 'Six hours of sun [1], and water often [2][9].', model: 'm-1' } }]);
    bed = createKnowledgeTestBed({ ...new InMemoryKnowledgeStorage(), llm });
    baseId = (await bed.manager.create(alice, { name: 'Garden' })).id;
    await bed.ingestor.add(alice, baseId, { title: 'sun.txt', content: 'Tomatoes need six hours of sunlight.' });
    await bed.ingestor.add(alice, baseId, { title: 'water\nnotes.txt', content: 'Water tomatoes regularly in summer.' });
  });

  it('When sources are found, Then one model call gets them numbered under the rag-answer task and the citations are read back', async () => {
    const budget = new LlmCallBudget(5);
    const result = await bed.answerer.answer(alice, { question: 'How do I grow tomatoes?', budget });

    expect(llm.attempts).toBe(1);
    const [request] = llm.requests;
    expect(request.budget).toBe(budget);
    expect(request.messages).toHaveLength(2);
    const [system, user] = request.messages;
    expect(system.role).toBe('system');
    expect(request.task).toBe('rag-answer');
    expect(system.content.split('\n')[0]).toBe("Answer the user's question using only the numbered sources below.");
    expect(system.content).toContain('[1] ');
    expect(system.content).toContain('[2] ');
    expect(system.content).toContain('water notes.txt (part 1)\nWater tomatoes regularly in summer.');
    expect(user).toEqual({ role: 'user', content: 'How do I grow tomatoes?' });
    expect(result).toMatchObject({ answer: 'Six hours of sun [1], and water often [2][9].', citations: [1, 2], grounded: true, model: 'm-1' });
    expect(result.sources.map((source) => source.index)).toEqual([1, 2]);
    expect(result.sources.map((source) => source.title).sort()).toEqual(['sun.txt', 'water\nnotes.txt']);
  });

  it('When nothing can be found, Then no model is asked and the answer says so in the language of the question', async () => {
    const result = await bed.answerer.answer(bob, { question: '番茄需要多少阳光？' });
    expect(llm.attempts).toBe(0);
    expect(result).toEqual({
      answer: '知识库中没有找到与该问题相关的内容。',
      sources: [],
      citations: [],
      grounded: false,
      model: null,
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    });
  });

  it('When the question is blank, Then it is refused before any search', async () => {
    await expect(bed.answerer.answer(alice, { question: '  ' })).rejects.toMatchObject({ code: 'input.validation', details: [{ field: 'question' }] });
    expect(llm.attempts).toBe(0);
  });

  it('When the model fails, Then its error is passed on', async () => {
    llm = new ScriptedLlmProvider([{ error: new Error('provider down') }]);
    bed = createKnowledgeTestBed({ ...new InMemoryKnowledgeStorage(), llm });
    const base = await bed.manager.create(alice, { name: 'G' });
    await bed.ingestor.add(alice, base.id, { title: 'a', content: 'Tomatoes like sun.' });
    await expect(bed.answerer.answer(alice, { question: 'tomatoes?' })).rejects.toThrow('provider down');
  });
});

describe('rag prompt helpers', () => {
  it.each([
    ['No citations.', 3, []],
    ['See [2] and [1], again [2].', 3, [2, 1]],
    ['Grouped [1, 3] and [2，1].', 3, [1, 3, 2]],
    ['Unknown [0] [4] [12] ignored; [3] kept.', 3, [3]],
  ])('citationsIn(%j, %d) is %j', (answer, count, expected) => {
    expect(citationsIn(answer, count)).toEqual(expected);
  });

  it('noSourcesAnswer answers Chinese questions in Chinese and others in English', () => {
    expect(noSourcesAnswer('What is RAG?')).toBe('No relevant information was found in the knowledge bases for this question.');
    expect(noSourcesAnswer('什么是检索增强生成？')).toBe('知识库中没有找到与该问题相关的内容。');
  });
});
