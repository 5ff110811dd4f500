/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { llm } from 'kernel:api';
import { extractByPatterns, isPatternType } from './entity-patterns';
import { ENTITY_TYPES, EntityLists, EntityType } from './entity-types';
import { readModelJson } from '../../plugins/tool-lib/model-json';
import { ModelEntities, readModelEntities } from './model-entities';
import { guessNames } from './name-heuristics';

interface Input {
  text: string;
  types?: EntityType[];
}

/** How the model's reply was used; `not_needed` when every requested type is found by patterns alone. */
type ModelAnswer = 'valid' | 'repaired' | 'unusable' | 'unavailable' | 'not_needed';

interface Output {
  entities: EntityLists;
  model_answer: ModelAnswer;
  /** Entities the model named that do not occur in the text (dropped as made up). */
  discarded: number;
}

// A model outage is an expected condition: the tool still answers, and says so in `model_answer`.
const DEGRADABLE_CODES = new Set(['upstream_error', 'timeout', 'quota_exceeded', 'unavailable']);
// Dates are also pattern-matched, but only the model finds "next Friday" or "the 3rd".
const MODEL_TYPES = new Set<EntityType>(['people', 'organizations', 'places', 'dates']);

export default async function extractEntities(input: Input): Promise<Output> {
  const types = input.types?.length ? ENTITY_TYPES.filter((type) => input.types!.includes(type)) : [...ENTITY_TYPES];
  const { model, answer } = types.some((type) => MODEL_TYPES.has(type))
    ? await modelEntities(input.text, types)
    : { model: undefined, answer: 'not_needed' as const };
  const patterns = extractByPatterns(input.text);
  const guessed = model ? undefined : guessNames(input.text);
  const entities: EntityLists = {};
  for (const type of types) {
    const fromPatterns = isPatternType(type) ? patterns[type] : [];
    const fromGuess = type === 'people' || type === 'organizations' ? (guessed?.[type] ?? []) : [];
    entities[type] = merge([...fromPatterns, ...(model?.entities[type] ?? []), ...fromGuess], input.text, MODEL_TYPES.has(type));
  }
  return { entities, model_answer: answer, discarded: model?.discarded ?? 0 };
}

async function modelEntities(text: string, types: EntityType[]): Promise<{ model?: ModelEntities; answer: ModelAnswer }> {
  const reply = await askModel(text, types);
  if (reply === undefined) return { answer: 'unavailable' };
  const json = readModelJson(reply);
  const model = json && readModelEntities(json.value, text, types);
  if (!json || !model?.recognised) return { answer: 'unusable' };
  return { model, answer: json.repaired || model.reshaped ? 'repaired' : 'valid' };
}

async function askModel(text: string, types: EntityType[]): Promise<string | undefined> {
  const shape = `{${types.map((type) => `"${type}": []`).join(', ')}}`;
  const system = [
    'Extract the named entities of the text. Copy each one exactly as it is written in the text; never add one that is not there.',
    'Reply with one JSON object and nothing else, with exactly these keys, each a list of strings (empty when there is none):',
    shape,
  ].join('\n');
  try {
    const response = await llm.chat({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: JSON.stringify({ text, types }) },
      ],
      task: 'extract_entities',
      temperature: 0,
      maxTokens: 1500,
      responseFormat: 'json',
    });
    return response.content;
  } catch (error) {
    if (DEGRADABLE_CODES.has((error as { code?: string }).code ?? '')) return undefined;
    throw error;
  }
}

/**
 * One entry per entity, in order of appearance. For names and dates a value that is a whole-word
 * part of a longer one ("Acme" in "Acme Corp") is dropped; addresses and numbers must match exactly.
 */
function merge(values: string[], text: string, collapseParts: boolean): string[] {
  const lowerText = text.toLowerCase();
  const unique = new Map<string, string>();
  for (const value of values) if (!unique.has(value.toLowerCase())) unique.set(value.toLowerCase(), value);
  const keys = [...unique.keys()];
  return keys
    .filter((key) => !collapseParts || !keys.some((other) => other !== key && isWordPart(key, other)))
    .sort((a, b) => position(lowerText, a) - position(lowerText, b))
    .map((key) => unique.get(key)!);
}

function isWordPart(part: string, whole: string): boolean {
  const at = whole.indexOf(part);
  if (at < 0) return false;
  const before = whole[at - 1] ?? ' ';
  const after = whole[at + part.length] ?? ' ';
  return !/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after);
}

function position(text: string, value: string): number {
  const index = text.indexOf(value);
  return index < 0 ? text.length : index;
}
