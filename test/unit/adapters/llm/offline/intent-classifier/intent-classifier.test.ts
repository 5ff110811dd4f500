import { Intent, INTENTS } from '../../../../../../core/domain/prompt/intent';
import { IntentClassifier } from '../../../../../../adapters/llm/offline/intent-classifier/intent-classifier';
import { TRAINING_CORPUS } from '../../../../../../adapters/llm/offline/intent-classifier/training-corpus';
import { crossValidate, LABELLED_ITEMS, measureAccuracy } from '../../../../../bench/intent-accuracy';

describe('Offline intent classifier', () => {
  const classifier = new IntentClassifier();

  it('Given the committed labelled set, Then it has at least 80 items, 20 per intent, in Chinese and English', () => {
    expect(LABELLED_ITEMS.length).toBeGreaterThanOrEqual(80);
    for (const intent of INTENTS) {
      const items = LABELLED_ITEMS.filter((item) => item.intent === intent);
      expect(items.length).toBeGreaterThanOrEqual(20);
      expect(items.filter((item) => item.language === 'zh').length).toBeGreaterThanOrEqual(10);
      expect(items.filter((item) => item.language === 'en').length).toBeGreaterThanOrEqual(10);
    }
  });

  it('Given the labelled set, Then none of it is in the training corpus (a fair test)', () => {
    const normal = (text: string) => text.toLowerCase().replace(/[\s\p{P}]+/gu, '');
    const training = new Set(INTENTS.flatMap((intent) => TRAINING_CORPUS[intent].map(normal)));

    expect(LABELLED_ITEMS.filter((item) => training.has(normal(item.text)))).toEqual([]);
  });

  it('When it classifies the labelled set, Then accuracy is at least 0.8 overall, and no intent or language falls below 0.7', () => {
    const report = measureAccuracy(classifier);

    expect(report.accuracy).toBeGreaterThanOrEqual(0.8);
    for (const intent of INTENTS) expect(report.byIntent[intent].correct / report.byIntent[intent].total).toBeGreaterThanOrEqual(0.7);
    for (const language of ['zh', 'en'] as const) {
      expect(report.byLanguage[language].correct / report.byLanguage[language].total).toBeGreaterThanOrEqual(0.7);
    }
  });

  it('When cross-validated on its own training corpus, Then it generalises to examples it did not see (at least 0.8)', () => {
    expect(crossValidate(TRAINING_CORPUS)).toBeGreaterThanOrEqual(0.8);
  });

  it('When trained on wrongly labelled examples, Then it follows them: the decisions are learnt, not hard-coded', () => {
    const rotated = {} as Record<Intent, ReadonlyArray<string>>;
    INTENTS.forEach((intent, i) => (rotated[intent] = TRAINING_CORPUS[INTENTS[(i + 1) % INTENTS.length]]));

    expect(measureAccuracy(new IntentClassifier(rotated)).accuracy).toBeLessThan(0.3);
  });

  it('When it classifies a text, Then the ranking covers the four intents, best first, with probabilities summing to 1, the same every time', () => {
    const text = '帮我分析一下上个季度各渠道的获客成本，找出性价比最高的渠道';
    const first = classifier.classify(text);

    expect(first.ranking.map((r) => r.intent).sort()).toEqual([...INTENTS].sort());
    expect(first.ranking[0].intent).toBe('分析');
    expect(first.ranking[0].probability).toBeGreaterThanOrEqual(first.ranking[1].probability);
    expect(first.ranking.reduce((sum, r) => sum + r.probability, 0)).toBeCloseTo(1, 10);
    expect(classifier.classify(text)).toEqual(first);
  });

  it('When the text has no known feature, Then it still answers with a low-confidence ranking', () => {
    const result = classifier.classify('zzzz qqqq xxxx');

    expect(result.ranking).toHaveLength(4);
    expect(result.ranking[0].probability).toBeLessThan(0.6);
  });
});
