import { EntityLists, EntityType } from './entity-types';
import { isObject, JsonObject } from '../../plugins/tool-lib/model-json';

/** What the model's JSON names, per type; `discarded` counts entities that do not occur in the text. */
export interface ModelEntities {
  entities: EntityLists;
  /** True when the reply had at least one recognisable entity key. */
  recognised: boolean;
  /** True when the reply was not in the requested shape (other key names, a list of {text, type}…). */
  reshaped: boolean;
  discarded: number;
}

const KEY_NAMES: { [type in EntityType]: string[] } = {
  people: ['people', 'persons', 'person', 'per', 'names', 'name'],
  organizations: ['organizations', 'organisations', 'organization', 'organisation', 'orgs', 'org', 'companies', 'company'],
  places: ['places', 'place', 'locations', 'location', 'loc', 'gpe', 'cities', 'countries'],
  dates: ['dates', 'date', 'times', 'time', 'datetimes'],
  emails: ['emails', 'email', 'email_addresses'],
  urls: ['urls', 'url', 'links', 'link', 'websites'],
  phone_numbers: ['phone_numbers', 'phone_number', 'phones', 'phone', 'telephone_numbers'],
  money: ['money', 'amounts', 'monetary_values', 'prices', 'currency'],
};

/** Reads `{people: [...], ...}` or a `[{text, type}]` list; keeps only entities found in `text`. */
export function readModelEntities(reply: JsonObject, text: string, types: EntityType[]): ModelEntities {
  const container = isObject(reply.entities) ? reply.entities : reply;
  const grouped = Array.isArray(reply.entities) ? groupTagged(reply.entities) : container;
  const haystack = squash(text);
  const result: ModelEntities = { entities: {}, recognised: false, reshaped: container !== reply || grouped !== container, discarded: 0 };
  for (const [key, raw] of Object.entries(grouped)) {
    const type = typeOfKey(key);
    if (!type) continue;
    result.recognised = true;
    if (key !== type) result.reshaped = true;
    if (!types.includes(type)) continue;
    for (const value of asStrings(raw)) {
      if (!haystack.includes(squash(value))) result.discarded += 1;
      else (result.entities[type] ??= []).push(value.trim());
    }
  }
  return result;
}

function typeOfKey(key: string): EntityType | undefined {
  const wanted = key
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (Object.keys(KEY_NAMES) as EntityType[]).find((type) => KEY_NAMES[type].includes(wanted));
}

function groupTagged(items: unknown[]): JsonObject {
  const grouped: { [key: string]: string[] } = {};
  for (const item of items) {
    if (!isObject(item)) continue;
    const label = item.type ?? item.label ?? item.category;
    const value = item.text ?? item.value ?? item.name;
    if (typeof label === 'string' && typeof value === 'string') (grouped[label] ??= []).push(value);
  }
  return grouped;
}

function asStrings(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : [raw];
  return items
    .map((item) => (isObject(item) ? (item.text ?? item.value ?? item.name) : item))
    .filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

function squash(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}
