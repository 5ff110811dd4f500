/**
 * Measures the offline intent classifier on the committed labelled set and by 5-fold
 * cross-validation on its training corpus. Run after `npm run build`:
 *   node dist/test/bench/intent-classifier-accuracy.js
 * (or through jest: test/unit/adapters/llm/offline/intent-classifier/intent-classifier.test.ts).
 */
import { INTENTS } from '../../core/domain/prompt/intent';
import { IntentClassifier } from '../../adapters/llm/offline/intent-classifier/intent-classifier';
import { TRAINING_CORPUS } from '../../adapters/llm/offline/intent-classifier/training-corpus';
import { crossValidate, measureAccuracy } from './intent-accuracy';

const TARGET = 0.8;

function main(): void {
  const report = measureAccuracy(new IntentClassifier());
  const pct = (correct: number, total: number) => `${((100 * correct) / total).toFixed(1)}% (${correct}/${total})`;
  const lines = [
    `Offline intent classifier on test/fixtures/prompt/intent-labelled-set.json`,
    `accuracy: ${pct(report.correct, report.total)} (target ≥ ${TARGET * 100}%)`,
    ...INTENTS.map((intent) => `  ${intent}: ${pct(report.byIntent[intent].correct, report.byIntent[intent].total)}`),
    `  Chinese: ${pct(report.byLanguage.zh.correct, report.byLanguage.zh.total)}`,
    `  English: ${pct(report.byLanguage.en.correct, report.byLanguage.en.total)}`,
    `confusion (rows: expected, columns: predicted ${INTENTS.join(' ')}):`,
    ...INTENTS.map((intent) => `  ${intent}: ${INTENTS.map((p) => String(report.confusion[intent][p]).padStart(3)).join(' ')}`),
    `misses:`,
    ...report.misses.map((m) => `  ${m.intent} → ${m.predicted} (${m.probability.toFixed(2)}): ${m.text}`),
    `5-fold cross-validation on the training corpus: ${(100 * crossValidate(TRAINING_CORPUS)).toFixed(1)}%`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (report.accuracy < TARGET) process.exitCode = 1;
}

main();
