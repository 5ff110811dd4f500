export type PromptLanguage = 'zh' | 'en';

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g;
const LATIN_LETTER = /[A-Za-z]/g;

/**
 * The language the optimized prompt is written in: Chinese when Han characters make up a
 * fair share of the letters (a Chinese sentence with English product names stays Chinese).
 */
export function detectLanguage(text: string): PromptLanguage {
  const han = text.match(HAN)?.length ?? 0;
  if (han === 0) return 'en';
  const latinWords = (text.match(LATIN_LETTER)?.length ?? 0) / 5;
  return han >= latinWords * 0.5 ? 'zh' : 'en';
}
