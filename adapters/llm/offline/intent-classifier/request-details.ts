import { Intent } from '../../../../core/domain/prompt/intent';
import { PromptLanguage } from '../../../../core/domain/prompt/prompt-language';
import { keywords as frequentWords, truncate } from '../offline-text';
import { INTENT_CUES } from './intent-cues';

const SENTENCE = /[。！？；;!?\n]+|\.(?=\s|$)/;
// Chinese clauses always split at full-width commas; English ones only in long sentences,
// where a comma rarely sits inside a list of names ("Netflix, Disney+ and HBO Max").
const CHINESE_CLAUSE = /[，、]\s*/;
const ENGLISH_CLAUSE = /,\s+/;
const LONG_SENTENCE = 80;
const LEADING_FILLER = /^(请你?|麻烦|帮我|帮忙|给我(?!们)|我想要?|我需要|能不能|可以|please|can you|could you|i need|i want|help me)\s*/i;
const CONSTRAINT = new RegExp(
  [
    '不要',
    '不能',
    '不超过',
    '以内',
    '至少',
    '必须',
    '只能',
    '仅',
    '限制',
    '预算',
    '避免',
    '不依赖',
    '控制在',
    '\\d+\\s*(字|个|条|分钟|秒|天|页|万|元|%|px)',
    "\\b(no|not|without|only|must|at most|at least|under|within|limit|keep|avoid|don't|less than|no more than|budget)\\b",
    '[一二三四五六七八九十两百千]+\\s*(字|条|分钟|秒|天|页|句|首|段)',
    // "一个" is only an article; two or more of something is a count.
    '[二三四五六七八九十两百千][一二三四五六七八九十]*\\s*个',
    '\\b(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|fifty|hundred)\\s*(words?|minutes?|seconds?|lines?|px|days?|weeks?|items?|names?|captions?|sentences?|paragraphs?|pages?|%)\\b',
  ].join('|'),
  'i',
);
const MAX_REQUIREMENTS = 4;
const MAX_CONSTRAINTS = 5;
const MAX_KEYWORDS = 6;
const FILLER_WORDS = new Set(['need', 'want', 'help', 'write', 'make', 'give', 'like', 'some', 'tell', 'know', 'get', 'any', 'all', 'would', 'much', 'very']);
const ASCII_TERM = /[A-Za-z][A-Za-z0-9+#.]*[A-Za-z0-9+#]|[A-Za-z]/g;

/** The input's sentences and clauses, trimmed of filler, in order. */
function clauses(text: string): string[] {
  return text
    .split(SENTENCE)
    .flatMap((sentence) => sentence.split(CHINESE_CLAUSE))
    .flatMap((sentence) => (sentence.length > LONG_SENTENCE ? sentence.split(ENGLISH_CLAUSE) : [sentence]))
    .map((part) => part.replace(LEADING_FILLER, '').replace(/^[\s,，:：]+|[\s,，:：]+$/g, ''))
    .filter((part) => [...part].length >= 4);
}

/** What the answer must achieve: the first clause (the main ask), then the clauses that are not limits; at most four. */
export function keyRequirementsOf(text: string): string[] {
  const [main, ...rest] = clauses(text);
  if (main === undefined) return [];
  return [main, ...rest.filter((clause) => !CONSTRAINT.test(clause))].slice(0, MAX_REQUIREMENTS).map((clause) => truncate(clause, 120));
}

/** Limits the input states after its main ask (counts, lengths, exclusions, budgets), plus the answer's language. */
export function constraintsOf(text: string, language: PromptLanguage): string[] {
  const all = clauses(text);
  const stated = (all.length > 1 ? all.slice(1) : all)
    .filter((clause) => CONSTRAINT.test(clause))
    .slice(0, MAX_CONSTRAINTS - 1)
    .map((clause) => truncate(clause, 120));
  return [...stated, language === 'zh' ? '使用简体中文回答' : 'Answer in English'];
}

const EXPECTED_OUTPUT: Readonly<Record<Intent, Record<PromptLanguage, string>>> = {
  技术: { zh: '可直接运行的代码或配置，附实现思路、使用方法和注意事项', en: 'Working code or configuration with the approach, usage and caveats explained' },
  创意: { zh: '符合主题、受众和语气要求的原创作品', en: 'Original pieces that fit the requested theme, audience and tone' },
  分析: {
    zh: '结构化的分析结论：要点摘要、依据与过程、风险与建议',
    en: 'A structured analysis: key conclusions, evidence and reasoning, risks and recommendations',
  },
  咨询: {
    zh: '结合个人情况的可选方案、明确推荐和可执行的下一步',
    en: "Options that fit the person's situation, a clear recommendation and concrete next steps",
  },
};

export function expectedOutputOf(intent: Intent, language: PromptLanguage): string {
  return EXPECTED_OUTPUT[intent][language];
}

/**
 * Terms that name the request: cue words it contains, names written in Latin letters inside
 * Chinese text (Python, SQL, Excel), then its most frequent content words.
 */
export function keywordsOf(text: string, language: PromptLanguage): string[] {
  const found: string[] = [];
  for (const cues of Object.values(INTENT_CUES)) {
    for (const match of text.matchAll(new RegExp(cues.source, 'gi'))) found.push(match[0].toLowerCase());
  }
  if (language === 'zh') found.push(...(text.match(ASCII_TERM) ?? []).filter((term) => term.length >= 2));
  else found.push(...frequentWords(text, MAX_KEYWORDS * 2).filter((word) => !FILLER_WORDS.has(word)));
  const unique: string[] = [];
  for (const term of found.map((t) => t.trim()).filter(Boolean)) {
    if (!unique.some((kept) => kept.toLowerCase() === term.toLowerCase())) unique.push(term);
  }
  return unique.slice(0, MAX_KEYWORDS);
}
