import { Intent, INTENTS } from '../../core/domain/prompt/intent';
import { IntentClassifier, LabelledExamples } from '../../adapters/llm/offline/intent-classifier/intent-classifier';
import labelledSet from '../fixtures/prompt/intent-labelled-set.json';

export interface LabelledItem {
  text: string;
  language: 'zh' | 'en';
  intent: Intent;
}

export interface AccuracyReport {
  total: number;
  correct: number;
  accuracy: number;
  byIntent: Record<Intent, { total: number; correct: number }>;
  byLanguage: Record<'zh' | 'en', { total: number; correct: number }>;
  /** confusion[expected][predicted] */
  confusion: Record<Intent, Record<Intent, number>>;
  misses: Array<LabelledItem & { predicted: Intent; probability: number }>;
}

/** The committed evaluation set (test/fixtures/prompt/intent-labelled-set.json). */
export const LABELLED_ITEMS: LabelledItem[] = labelledSet.items as LabelledItem[];

export function measureAccuracy(classifier: IntentClassifier, items: ReadonlyArray<LabelledItem> = LABELLED_ITEMS): AccuracyReport {
  const zeroRow = () => Object.fromEntries(INTENTS.map((i) => [i, 0])) as Record<Intent, number>;
  const report: AccuracyReport = {
    total: 0,
    correct: 0,
    accuracy: 0,
    byIntent: Object.fromEntries(INTENTS.map((i) => [i, { total: 0, correct: 0 }])) as AccuracyReport['byIntent'],
    byLanguage: { zh: { total: 0, correct: 0 }, en: { total: 0, correct: 0 } },
    confusion: Object.fromEntries(INTENTS.map((i) => [i, zeroRow()])) as AccuracyReport['confusion'],
    misses: [],
  };
  for (const item of items) {
    const [best] = classifier.classify(item.text).ranking;
    const hit = best.intent === item.intent;
    report.total += 1;
    report.byIntent[item.intent].total += 1;
    report.byLanguage[item.language].total += 1;
    report.confusion[item.intent][best.intent] += 1;
    if (hit) {
      report.correct += 1;
      report.byIntent[item.intent].correct += 1;
      report.byLanguage[item.language].correct += 1;
    } else {
      report.misses.push({ ...item, predicted: best.intent, probability: best.probability });
    }
  }
  report.accuracy = report.correct / report.total;
  return report;
}

/** k-fold cross-validation on a training corpus: every example is predicted by a model that never saw it. */
export function crossValidate(corpus: LabelledExamples, folds = 5): number {
  let correct = 0;
  let total = 0;
  for (let fold = 0; fold < folds; fold += 1) {
    const training = {} as Record<Intent, string[]>;
    for (const intent of INTENTS) training[intent] = corpus[intent].filter((_, k) => k % folds !== fold);
    const classifier = new IntentClassifier(training);
    for (const intent of INTENTS) {
      corpus[intent].forEach((text, k) => {
        if (k % folds !== fold) return;
        total += 1;
        if (classifier.classify(text).ranking[0].intent === intent) correct += 1;
      });
    }
  }
  return correct / total;
}
