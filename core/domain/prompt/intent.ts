/** The four intent classes of prompt-api.md, in the contract's own (Chinese) labels. */
export const INTENTS = ['技术', '创意', '分析', '咨询'] as const;
export type Intent = (typeof INTENTS)[number];

const ALIASES: ReadonlyArray<readonly [Intent, RegExp]> = [
  ['技术', /^(技术|技術|tech|technical|technology|engineering|programming|coding|development)/i],
  ['创意', /^(创意|創意|创作|creative|creativity|creation|writing)/i],
  ['分析', /^(分析|analysis|analytic|analytical|analyze|analyse|research)/i],
  ['咨询', /^(咨询|諮詢|咨詢|建议|consult|consulting|consultation|advice|advisory)/i],
];

/** The intent a model meant by `value` ("技术类", "Technical", " creative "), or undefined. */
export function normalizeIntent(value: unknown): Intent | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/^["'“”「」【[(（]+/, '');
  const exact = INTENTS.find((intent) => text.startsWith(intent));
  if (exact) return exact;
  return ALIASES.find(([, pattern]) => pattern.test(text))?.[0];
}

/** The usual runner-up of each class, for an alternative that is missing or equals the core intent. */
const NEAREST: Record<Intent, Intent> = { 技术: '分析', 创意: '咨询', 分析: '咨询', 咨询: '分析' };

export function nearestOtherIntent(intent: Intent): Intent {
  return NEAREST[intent];
}
