import { JsonObject, objectWithAnyKey, readModelJson } from '../../plugins/tool-lib/model-json';

export type Sentiment = 'positive' | 'negative' | 'neutral';

export interface SentimentAnswer {
  sentiment: Sentiment;
  /** -1 (very negative) to 1 (very positive). */
  score: number;
  confidence: number;
  /** False when the reply needed repair: fences, broken JSON, a synonym label, a missing or contradicting score. */
  clean: boolean;
}

const LABEL_KEYS = ['sentiment', 'label', 'polarity', 'classification'];
const SCORE_KEYS = ['score', 'sentiment_score', 'polarity_score'];
// A score alone decides the label past these bounds.
const POLAR_THRESHOLD = 0.25;

/** The model's sentiment, validated and made consistent; undefined when the reply carries none. */
export function readSentimentAnswer(reply: string): SentimentAnswer | undefined {
  const json = readModelJson(reply);
  if (!json) {
    const sentiment = toSentiment(reply);
    return sentiment && complete(sentiment, undefined, undefined, false);
  }
  const answer = objectWithAnyKey(json.value, [...LABEL_KEYS, ...SCORE_KEYS]);
  if (!answer) return undefined;
  const rawLabel = firstOf(answer, LABEL_KEYS);
  const sentiment = toSentiment(rawLabel);
  const score = toScore(firstOf(answer, SCORE_KEYS)) ?? (sentiment ? undefined : toScore(rawLabel));
  if (!sentiment && score === undefined) return undefined;
  const canonical = sentiment !== undefined && rawLabel === sentiment && answer === json.value && !json.repaired;
  return complete(sentiment, score, toConfidence(answer.confidence), canonical);
}

function complete(sentiment: Sentiment | undefined, score: number | undefined, confidence: number | undefined, canonical: boolean): SentimentAnswer {
  const label = sentiment ?? labelOf(score ?? 0);
  const sign = label === 'positive' ? 1 : label === 'negative' ? -1 : 0;
  const given = score ?? sign * 0.5;
  // "negative, 0.8" means a strong negative: the label wins over the sign of the score.
  const consistent = sign === 0 || given === 0 || Math.sign(given) === sign ? given : -given;
  const clean = canonical && score !== undefined && consistent === given;
  return {
    sentiment: label,
    score: round(consistent),
    confidence: round(confidence ?? (sign === 0 ? 0.5 : 0.5 + Math.abs(consistent) / 2)),
    clean,
  };
}

export function labelOf(score: number): Sentiment {
  return score > POLAR_THRESHOLD ? 'positive' : score < -POLAR_THRESHOLD ? 'negative' : 'neutral';
}

function firstOf(answer: JsonObject, keys: string[]): unknown {
  return keys.map((key) => answer[key]).find((value) => value !== undefined && value !== null);
}

function toSentiment(value: unknown): Sentiment | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (/^(?:very |mostly |slightly |somewhat )?(?:positive|pos\b)/.test(text)) return 'positive';
  if (/^(?:very |mostly |slightly |somewhat )?(?:negative|neg\b)/.test(text)) return 'negative';
  if (/^(?:neutral|neu\b|mixed|none|objective)/.test(text)) return 'neutral';
  return undefined;
}

function toScore(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(number) && number >= -1 && number <= 1 ? number : undefined;
}

function toConfidence(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  if (!Number.isFinite(number) || number < 0) return undefined;
  const scaled = number > 1 && number <= 100 ? number / 100 : number;
  return scaled <= 1 ? scaled : undefined;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
