import { OfflineLlmProvider } from '../../../../../adapters/llm/offline/offline-llm-provider';
import { RagSource } from '../../../../../core/domain/knowledge/rag-answer';
import { citationsIn, RAG_TASK, ragMessages } from '../../../../../core/services/knowledge/rag-prompt';

const model = new OfflineLlmProvider();

function source(index: number, title: string, content: string): RagSource {
  return {
    index,
    title,
    content,
    chunkIndex: 0,
    chunkId: `d${index}:0`,
    documentId: `d${index}`,
    knowledgeBaseId: 'kb',
    start: 0,
    end: content.length,
    score: 0.5,
    relevance: 0.5,
    vectorScore: 0.5,
    keywordRank: null,
  };
}

async function answer(question: string, sources: RagSource[]): Promise<string> {
  return (await model.chat({ messages: ragMessages(question, sources, 1500), task: RAG_TASK })).content;
}

describe('Offline answer to the rag-answer task', () => {
  const sources = [
    source(1, 'shipping.md', 'Orders ship within two business days. Express delivery costs extra.'),
    source(2, 'warranty.md', 'The warranty lasts two years. It covers manufacturing defects only.'),
  ];

  it('When a source sentence shares words with the question, Then the offline model quotes it and cites its number', async () => {
    const reply = await answer('How long does the warranty last?', sources);
    expect(reply).toBe('[offline model] According to the sources: The warranty lasts two years. [2]');
    expect(citationsIn(reply, 2)).toEqual([2]);
  });

  it('When the question is Chinese, Then it matches character pairs and answers in Chinese', async () => {
    const reply = await answer('退货期限是多久？', [
      source(1, '配送.md', '订单在两个工作日内发货。加急配送需要额外付费。'),
      source(2, '退货.md', '退货期限为收货后三十天。商品必须保持原包装。'),
    ]);
    expect(reply).toBe('[离线模型] 根据资料：退货期限为收货后三十天。 [2]');
  });

  it('When no source shares anything with the question, Then it says it does not know and cites nothing', async () => {
    const reply = await answer('Who painted the Mona Lisa?', sources);
    expect(reply).toBe('[offline model] The sources do not answer this question; I do not know.');
    expect(citationsIn(reply, 2)).toEqual([]);
  });
});
