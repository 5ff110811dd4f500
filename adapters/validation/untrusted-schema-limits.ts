/**
 * What a JSON Schema written by a user (custom tools, plugin manifests, and any later place that
 * compiles a user's schema) may cost. Ajv turns a schema into code that runs on the API's event
 * loop, so every one of these bounds the time one schema, or one value checked against it, can
 * hold that loop. They are constants, not settings: raising one reopens a denial of service.
 */

/** Subschemas nested in one another, counting each `$ref` as one more level. */
export const MAX_SCHEMA_DEPTH = 32;

/** Entries of one `anyOf`/`oneOf`/`allOf` or tuple `items`; keys of one `properties`/`patternProperties`/`dependencies`. */
export const MAX_SCHEMA_FAN_OUT = 32;

/** JSON values of the schema once every `$ref` is replaced by what it points to (a recursive one counts once). */
export const MAX_EXPANDED_SCHEMA_SIZE = 5000;

/** Characters of one `pattern` or `patternProperties` key. */
export const MAX_PATTERN_CHARS = 1000;

/** Characters of all the distinct patterns of one schema together: compiling one takes up to about 10 ms per 1000 characters. */
export const MAX_PATTERN_CHARS_PER_SCHEMA = 16_000;

/**
 * Steps of one pattern once compiled by RE2 (its "program size", about its length plus its
 * repetition counts). RE2 is linear in the input but, when its DFA gives up (`a[ab]{400}!`), each
 * character costs a step of every live state: about 25 ns per step. Everyday patterns take under 100.
 */
export const MAX_PATTERN_PROGRAM_SIZE = 2000;

/** `uniqueItems` compares every pair of items, so it needs a `maxItems` of at most this many. */
export const MAX_UNIQUE_ITEMS = 256;

/** Subschemas that may apply to any one value (through `allOf`, `anyOf`, `$ref`, recursion…). */
export const MAX_SUBSCHEMAS_PER_VALUE = 64;

/**
 * Work one validation may take: a value past it is refused unchecked. One unit is about one
 * subschema applied to one value (a failed `anyOf` branch, ≈ 65 ns on a 2-vCPU box) or one RE2 step
 * on one character. A value costs the subschemas that apply to it (with their `enum`, `const`,
 * `required` and `properties` entries); a string under a `pattern` costs the pattern's program size
 * per character, under a `format` {@link FORMAT_CHAR_COST} per character; a property name tested by
 * `patternProperties` costs their program sizes per character. 2,000,000 units take at most about a
 * quarter of a second (measured on a loaded 2-vCPU box), whatever the schema.
 */
export const MAX_VALIDATION_COST = 2_000_000;

/** One character read by a `format` check: the slowest (date-time, URI) take up to about 1 µs. */
export const FORMAT_CHAR_COST = 16;
