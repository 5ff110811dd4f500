import { JsonObject, JsonValue } from '../../shared/json';
import { err, ok, Result } from '../../shared/result';
import { Intent, nearestOtherIntent, normalizeIntent } from './intent';
import { IntentAnalysis } from './intent-analysis';
import { PromptLanguage } from './prompt-language';

export interface RepairedIntentAnalysis {
  analysis: IntentAnalysis;
  /** What had to be fixed, for the logs; empty when the answer was valid as sent. */
  repairs: string[];
}

const MAX_TEXT = 500;
const MAX_ITEM = 200;
const MAX_ITEMS = 12;
const DEFAULT_CONFIDENCE = 0.5;

const DEFAULTS: Record<PromptLanguage, { general: string; note: string; output: string }> = {
  zh: { general: '通用', note: '模型未说明判断依据。', output: '与任务相符的完整回答' },
  en: { general: 'general', note: 'The model gave no basis for its decision.', output: 'A complete answer that fits the task' },
};

/**
 * Reads the object of a model's stage-one answer (found and JSON-repaired by a
 * `LenientJsonReader`) into a schema-valid `IntentAnalysis`, repairing what can be repaired
 * without asking again (the pipeline has a budget of two calls): a wrapper object, camelCase
 * keys, labels in English, a confidence given as a percentage or out of range, an alternative
 * equal to the core intent, missing or scalar lists, missing text. An answer with no
 * recognisable core intent is an error.
 */
export function repairIntentAnalysis(found: JsonObject, language: PromptLanguage): Result<RepairedIntentAnalysis, string> {
  const repairs: string[] = [];
  const source = unwrap(found, repairs);
  const field = (snake: string, camel: string, ...others: string[]): unknown => {
    for (const key of [snake, camel, ...others]) {
      if (source[key] !== undefined && source[key] !== null) {
        if (key !== snake) repairs.push(`${snake} read from ${key}`);
        return source[key];
      }
    }
    return undefined;
  };

  const rawCore = field('core_intent', 'coreIntent', 'intent', 'category');
  const coreIntent = normalizeIntent(rawCore);
  if (!coreIntent) return err(`core_intent ${clip(JSON.stringify(rawCore ?? null), 40)} is not one of the four intents`);
  if (rawCore !== coreIntent) repairs.push('core_intent normalised');

  const defaults = DEFAULTS[language];
  const analysis: IntentAnalysis = {
    coreIntent,
    subCategory: text(field('sub_category', 'subCategory'), defaults.general, 'sub_category', repairs),
    domain: text(field('domain', 'domain'), defaults.general, 'domain', repairs),
    confidence: confidence(field('confidence', 'confidence', 'confidence_score'), repairs),
    disambiguationNote: text(field('disambiguation_note', 'disambiguationNote', 'reasoning', 'rationale'), defaults.note, 'disambiguation_note', repairs),
    alternativeIntent: alternative(field('alternative_intent', 'alternativeIntent', 'secondary_intent'), coreIntent, repairs),
    keyRequirements: list(field('key_requirements', 'keyRequirements', 'requirements'), 'key_requirements', repairs),
    expectedOutput: text(field('expected_output', 'expectedOutput'), defaults.output, 'expected_output', repairs),
    constraints: list(field('constraints', 'constraints'), 'constraints', repairs),
    keywords: list(field('keywords', 'keywords'), 'keywords', repairs),
  };
  return ok({ analysis, repairs });
}

/** Some models wrap the object: `{"intent_analysis": {...}}`. */
function unwrap(found: JsonObject, repairs: string[]): JsonObject {
  for (const key of ['intent_analysis', 'intentAnalysis', 'analysis', 'result']) {
    const inner = found[key];
    if (isObject(inner) && found.core_intent === undefined) {
      repairs.push(`object unwrapped from ${key}`);
      return inner;
    }
  }
  return found;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, fallback: string, name: string, repairs: string[]): string {
  let result: string | undefined;
  if (typeof value === 'string') result = value.trim();
  else if (typeof value === 'number' || typeof value === 'boolean') result = String(value);
  else if (Array.isArray(value))
    result = value
      .filter((item) => typeof item === 'string')
      .join('; ')
      .trim();
  if (!result) {
    repairs.push(`${name} missing`);
    return fallback;
  }
  if (typeof value !== 'string') repairs.push(`${name} coerced to text`);
  return clip(result, MAX_TEXT);
}

function confidence(value: unknown, repairs: string[]): number {
  let number = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  if (!Number.isFinite(number)) {
    repairs.push('confidence missing');
    return DEFAULT_CONFIDENCE;
  }
  if (typeof value === 'string') repairs.push('confidence read from text');
  if (number > 1 && number <= 100) {
    repairs.push('confidence read as a percentage');
    number /= 100;
  }
  const clamped = Math.min(1, Math.max(0, number));
  if (clamped !== number) repairs.push('confidence clamped to [0, 1]');
  return Math.round(clamped * 1000) / 1000;
}

function alternative(value: unknown, core: Intent, repairs: string[]): Intent {
  const intent = normalizeIntent(value);
  if (intent && intent !== core) {
    if (value !== intent) repairs.push('alternative_intent normalised');
    return intent;
  }
  repairs.push(intent ? 'alternative_intent equalled core_intent' : 'alternative_intent missing or unknown');
  return nearestOtherIntent(core);
}

function list(value: unknown, name: string, repairs: string[]): string[] {
  let items: unknown[];
  if (Array.isArray(value)) {
    items = value;
  } else if (typeof value === 'string') {
    repairs.push(`${name} split from text`);
    items = value.split(/\n|[;；、]|,\s|，/);
  } else {
    repairs.push(`${name} missing`);
    return [];
  }
  const seen = new Set<string>();
  for (const item of items) {
    const entry = typeof item === 'string' ? item : typeof item === 'number' ? String(item) : undefined;
    const cleaned = entry?.replace(/^\s*(?:[-*•]|\d+[.)、])\s*/, '').trim();
    if (cleaned) seen.add(clip(cleaned, MAX_ITEM));
    if (seen.size === MAX_ITEMS) break;
  }
  if (seen.size !== items.length) repairs.push(`${name} cleaned`);
  return [...seen];
}

function clip(value: string, max: number): string {
  const characters = [...value];
  return characters.length <= max ? value : `${characters.slice(0, max - 1).join('')}…`;
}
