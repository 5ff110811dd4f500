const NAME_WORD = "[A-Z][\\p{L}'’-]+";
const HONORIFIC_NAME = new RegExp(`\\b(?:Mr|Mrs|Ms|Mx|Miss|Dr|Prof|Sir|Dame)\\.?\\s+(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`, 'gu');
const ORG_SUFFIX = 'Inc|Corp|Corporation|Ltd|LLC|GmbH|AG|SA|SAS|PLC|Co|Company|Group|Foundation|Bank|Association|Institute';
const ORG_BY_SUFFIX = new RegExp(`\\b((?:${NAME_WORD}\\s+){1,4}(?:${ORG_SUFFIX}))\\b\\.?`, 'gu');
const ORG_OF = new RegExp(`\\b((?:University|Institute|Bank|Ministry|Department|Museum) of(?:\\s+${NAME_WORD}){1,3})`, 'gu');

/**
 * The model-free fallback for names: only high-precision patterns (a title before a name, a legal
 * or institutional suffix). It misses many names but rarely reports a wrong one.
 */
export function guessNames(text: string): { people: string[]; organizations: string[] } {
  return {
    people: [...text.matchAll(HONORIFIC_NAME)].map((match) => match[1]),
    organizations: [...text.matchAll(ORG_BY_SUFFIX), ...text.matchAll(ORG_OF)].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((match) => match[1]),
  };
}
