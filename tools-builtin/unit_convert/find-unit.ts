import { UNITS, type Unit } from './units';

export type UnitLookup = { unit: Unit } | { error: 'unknown_unit' | 'ambiguous_unit'; message: string };

/**
 * Symbols match exactly first (MB is a megabyte, Mb a megabit), then names and symbols
 * case-insensitively, singular or plural; a case-insensitive match must be unique.
 */
export function findUnit(raw: string): UnitLookup {
  const text = normalise(raw);
  const exact = UNITS.filter((candidate) => candidate.symbols.includes(text));
  if (exact.length === 1) return { unit: exact[0] };
  const lower = text.toLowerCase();
  const forms = new Set([lower, lower.replace(/s$/, ''), lower.replace(/es$/, '')]);
  const loose = UNITS.filter(
    (candidate) => candidate.names.some((name) => forms.has(name)) || candidate.symbols.some((symbol) => symbol.toLowerCase() === lower),
  );
  if (loose.length === 1) return { unit: loose[0] };
  if (loose.length > 1) {
    const choices = loose.map((candidate) => `${candidate.symbols[0]} (${candidate.names[0]})`).join(', ');
    return { error: 'ambiguous_unit', message: `"${raw}" could be ${choices}; mind the case` };
  }
  return { error: 'unknown_unit', message: `Unknown unit "${raw}"` };
}

/** Every unit of a category, for error messages. */
export function unitsOf(category: string): string {
  return UNITS.filter((candidate) => candidate.category === category)
    .map((candidate) => candidate.symbols[0])
    .join(', ');
}

function normalise(raw: string): string {
  return raw
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/²/g, '2')
    .replace(/³/g, '3')
    .replace(/[µμ]/g, 'u')
    .replace(/^(?:deg(?:ree)?s? |º)(?=[CFR]$)/i, '°');
}
