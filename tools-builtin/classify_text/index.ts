/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { llm, ToolError } from 'kernel:api';
import { matchLabel, parseConfidence } from './label-match';
import { objectWithAnyKey, readModelJson } from '../../plugins/tool-lib/model-json';
import { classifyByWordOverlap } from './word-overlap-classifier';

interface Input {
  text: string;
  labels: string[];
  instructions?: string;
}

/** How the model's reply was used: as sent, after repair, or not at all (model-free fallback). */
type ModelAnswer = 'valid' | 'repaired' | 'unusable' | 'unavailable';

interface Output {
  label: string;
  confidence: number;
  reason: string;
  model_answer: ModelAnswer;
}

// A model outage is an expected condition: the tool still answers, and says so in `model_answer`.
const DEGRADABLE_CODES = new Set(['upstream_error', 'timeout', 'quota_exceeded', 'unavailable']);
const LABEL_KEYS = ['label', 'category', 'class', 'classification', 'labels'];
const DEFAULT_MODEL_CONFIDENCE = 0.5;

export default async function classifyText(input: Input): Promise<Output> {
  const labels = [...new Set(input.labels.map((label) => label.trim()))].filter(Boolean);
  if (labels.length < 2) throw new ToolError('invalid_input', 'Give at least two distinct, non-blank labels.');
  const reply = await askModel(input, labels);
  if (reply === undefined) return fallback(input.text, labels, 'unavailable');
  return fromReply(reply, labels) ?? fallback(input.text, labels, 'unusable');
}

async function askModel(input: Input, labels: string[]): Promise<string | undefined> {
  const system = [
    'Classify the text into exactly one of the candidate labels.',
    'Reply with one JSON object and nothing else:',
    '{"label": "<one candidate label, copied exactly>", "confidence": <number from 0 to 1>, "reason": "<one short sentence>"}',
    ...(input.instructions ? [`Additional instructions: ${input.instructions}`] : []),
  ].join('\n');
  try {
    const response = await llm.chat({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: JSON.stringify({ text: input.text, labels }) },
      ],
      task: 'classify_text',
      temperature: 0,
      maxTokens: 300,
      responseFormat: 'json',
    });
    return response.content;
  } catch (error) {
    if (DEGRADABLE_CODES.has((error as { code?: string }).code ?? '')) return undefined;
    throw error;
  }
}

function fromReply(reply: string, labels: string[]): Output | undefined {
  const json = readModelJson(reply);
  if (!json) return fromPlainText(reply, labels);
  const answer = objectWithAnyKey(json.value, LABEL_KEYS);
  const raw = answer && LABEL_KEYS.map((key) => answer[key]).find((value) => value !== undefined);
  const named = Array.isArray(raw) ? raw[0] : raw;
  const match = typeof named === 'string' ? matchLabel(named, labels) : undefined;
  if (!answer || !match) return undefined;
  const confidence = parseConfidence(answer.confidence ?? answer.score ?? answer.probability);
  const reason = typeof answer.reason === 'string' ? answer.reason.trim() : '';
  const clean = !json.repaired && match.exact && confidence !== undefined && answer === json.value;
  return {
    label: match.label,
    confidence: round(confidence ?? DEFAULT_MODEL_CONFIDENCE),
    reason: reason || 'Chosen by the model.',
    model_answer: clean ? 'valid' : 'repaired',
  };
}

/** A model that ignored the JSON request but named exactly one candidate still gave an answer. */
function fromPlainText(reply: string, labels: string[]): Output | undefined {
  const match = matchLabel(reply.trim(), labels);
  if (!match) return undefined;
  return { label: match.label, confidence: DEFAULT_MODEL_CONFIDENCE, reason: 'Named by the model in plain text.', model_answer: 'repaired' };
}

function fallback(text: string, labels: string[], modelAnswer: ModelAnswer): Output {
  const choice = classifyByWordOverlap(text, labels);
  const reason =
    choice.hits > 0
      ? `No usable model answer; chosen because the text shares ${choice.hits} word(s) with the label.`
      : 'No usable model answer and no word of the text matches a label; this is a default guess.';
  return { label: choice.label, confidence: choice.confidence, reason, model_answer: modelAnswer };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
