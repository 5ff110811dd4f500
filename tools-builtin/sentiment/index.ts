/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { llm } from 'kernel:api';
import { readSentimentAnswer, Sentiment } from './sentiment-answer';
import { scoreByLexicon } from './sentiment-lexicon';

interface Input {
  text: string;
  aspect?: string;
}

/** How the model's reply was used: as sent, after repair, or not at all (lexicon fallback). */
type ModelAnswer = 'valid' | 'repaired' | 'unusable' | 'unavailable';

interface Output {
  sentiment: Sentiment;
  score: number;
  confidence: number;
  model_answer: ModelAnswer;
}

// A model outage is an expected condition: the tool still answers, and says so in `model_answer`.
const DEGRADABLE_CODES = new Set(['upstream_error', 'timeout', 'quota_exceeded', 'unavailable']);
// The lexicon's scores are small; VADER uses ±0.05 for its own.
const LEXICON_THRESHOLD = 0.1;

export default async function sentiment(input: Input): Promise<Output> {
  const reply = await askModel(input);
  if (reply === undefined) return fromLexicon(input.text, 'unavailable');
  const answer = readSentimentAnswer(reply);
  if (!answer) return fromLexicon(input.text, 'unusable');
  return {
    sentiment: answer.sentiment,
    score: answer.score,
    confidence: answer.confidence,
    model_answer: answer.clean ? 'valid' : 'repaired',
  };
}

async function askModel(input: Input): Promise<string | undefined> {
  const system = [
    `Rate the sentiment of the text${input.aspect ? ' towards the given aspect' : ''}.`,
    'Reply with one JSON object and nothing else:',
    '{"sentiment": "positive" | "negative" | "neutral", "score": <number from -1 (very negative) to 1 (very positive)>, "confidence": <number from 0 to 1>}',
  ].join('\n');
  try {
    const response = await llm.chat({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: JSON.stringify(input.aspect ? { text: input.text, aspect: input.aspect } : { text: input.text }) },
      ],
      task: 'sentiment',
      temperature: 0,
      maxTokens: 150,
      responseFormat: 'json',
    });
    return response.content;
  } catch (error) {
    if (DEGRADABLE_CODES.has((error as { code?: string }).code ?? '')) return undefined;
    throw error;
  }
}

function fromLexicon(text: string, modelAnswer: ModelAnswer): Output {
  const { score, matches } = scoreByLexicon(text);
  const label: Sentiment = score > LEXICON_THRESHOLD ? 'positive' : score < -LEXICON_THRESHOLD ? 'negative' : 'neutral';
  // A word list is weak evidence: at most 0.6, and 0.3 when it found nothing at all.
  const confidence = matches === 0 ? 0.3 : Math.min(0.6, 0.3 + Math.abs(score) * 0.3);
  return { sentiment: label, score, confidence: Math.round(confidence * 1000) / 1000, model_answer: modelAnswer };
}
