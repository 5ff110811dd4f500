import { Intent, INTENTS } from '../../../../core/domain/prompt/intent';
import { intentFeatures } from './intent-features';
import { TRAINING_CORPUS } from './training-corpus';

export interface IntentScore {
  intent: Intent;
  /** Posterior probability, calibrated; the scores of one ranking sum to 1. */
  probability: number;
}

export interface IntentClassification {
  /** Best first. */
  ranking: IntentScore[];
  /** The features that argued most for the winner, for the disambiguation note. */
  evidence: string[];
}

export type LabelledExamples = Readonly<Record<Intent, ReadonlyArray<string>>>;

const SMOOTHING = 0.5;
// Naive Bayes sums many dependent log-likelihoods and so is far too sure of itself; dividing
// by a temperature that grows with the number of features brings it back to sensible odds.
const BASE_TEMPERATURE = 1.2;

/**
 * A binarised multinomial naive Bayes classifier over character and word n-grams and cue
 * features (see intent-features.ts), trained at construction from labelled examples.
 */
export class IntentClassifier {
  private readonly logPrior = new Map<Intent, number>();
  private readonly featureCounts = new Map<Intent, Map<string, number>>();
  private readonly totals = new Map<Intent, number>();
  private readonly vocabulary = new Set<string>();

  constructor(examples: LabelledExamples = TRAINING_CORPUS) {
    const documents = INTENTS.reduce((sum, intent) => sum + examples[intent].length, 0);
    for (const intent of INTENTS) {
      const counts = new Map<string, number>();
      let total = 0;
      for (const text of examples[intent]) {
        for (const feature of intentFeatures(text)) {
          counts.set(feature, (counts.get(feature) ?? 0) + 1);
          this.vocabulary.add(feature);
          total += 1;
        }
      }
      this.featureCounts.set(intent, counts);
      this.totals.set(intent, total);
      this.logPrior.set(intent, Math.log(examples[intent].length / documents));
    }
  }

  classify(text: string): IntentClassification {
    const features = [...intentFeatures(text)].filter((feature) => this.vocabulary.has(feature));
    const logScores = INTENTS.map((intent) => {
      let score = this.logPrior.get(intent) ?? 0;
      for (const feature of features) score += this.logLikelihood(intent, feature);
      return { intent, score };
    });
    const temperature = BASE_TEMPERATURE * Math.sqrt(Math.max(1, features.length));
    const top = Math.max(...logScores.map((s) => s.score));
    const weights = logScores.map((s) => ({ intent: s.intent, weight: Math.exp((s.score - top) / temperature) }));
    const sum = weights.reduce((total, w) => total + w.weight, 0);
    const ranking = weights
      .map((w) => ({ intent: w.intent, probability: w.weight / sum }))
      .sort((a, b) => b.probability - a.probability || INTENTS.indexOf(a.intent) - INTENTS.indexOf(b.intent));
    return { ranking, evidence: this.evidenceFor(ranking[0].intent, features) };
  }

  private logLikelihood(intent: Intent, feature: string): number {
    const count = this.featureCounts.get(intent)?.get(feature) ?? 0;
    return Math.log((count + SMOOTHING) / ((this.totals.get(intent) ?? 0) + SMOOTHING * this.vocabulary.size));
  }

  /** Features whose likelihood favours the winner most over the other intents on average. */
  private evidenceFor(winner: Intent, features: string[]): string[] {
    const others = INTENTS.filter((intent) => intent !== winner);
    return features
      .filter(isReadableEvidence)
      .map((feature) => ({
        feature,
        lift: this.logLikelihood(winner, feature) - others.reduce((sum, o) => sum + this.logLikelihood(o, feature), 0) / others.length,
      }))
      .filter((entry) => entry.lift > 0.5)
      .sort((a, b) => b.lift - a.lift)
      .slice(0, 5)
      .map((entry) => entry.feature);
  }
}

/** Single Han characters and short words say little to a reader; bigrams, words and cues do. */
function isReadableEvidence(feature: string): boolean {
  if (feature.startsWith('h:')) return false;
  if (feature.startsWith('w:')) return feature.length >= 5 && !/^w:\d+$/.test(feature);
  return true;
}
