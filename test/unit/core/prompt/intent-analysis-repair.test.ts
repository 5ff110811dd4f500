import { IntentAnalysis } from '../../../../core/domain/prompt/intent-analysis';
import { repairIntentAnalysis } from '../../../../core/domain/prompt/intent-analysis-repair';
import { JsonObject } from '../../../../core/shared/json';

const VALID = {
  core_intent: '分析',
  sub_category: '归因分析',
  domain: '电商',
  confidence: 0.91,
  disambiguation_note: '要求找出转化率下降的原因。',
  alternative_intent: '咨询',
  key_requirements: ['找出原因'],
  expected_output: '分析报告',
  constraints: ['使用漏斗数据'],
  keywords: ['转化率'],
};

/** The object as a LenientJsonReader hands it over (undefined keys dropped); finding and repairing JSON has its own contract suite. */
const read = (answer: object): JsonObject => JSON.parse(JSON.stringify(answer)) as JsonObject;

function repaired(answer: object, language: 'zh' | 'en' = 'zh'): { analysis: IntentAnalysis; repairs: string[] } {
  const result = repairIntentAnalysis(read(answer), language);
  if (!result.ok) throw new Error(`expected a repair, got: ${result.error}`);
  return result.value;
}

describe('repairIntentAnalysis', () => {
  it('When the object follows the schema, Then it is read as is with no repairs', () => {
    const { analysis, repairs } = repaired(VALID);

    expect(repairs).toEqual([]);
    expect(analysis).toEqual({
      coreIntent: '分析',
      subCategory: '归因分析',
      domain: '电商',
      confidence: 0.91,
      disambiguationNote: '要求找出转化率下降的原因。',
      alternativeIntent: '咨询',
      keyRequirements: ['找出原因'],
      expectedOutput: '分析报告',
      constraints: ['使用漏斗数据'],
      keywords: ['转化率'],
    });
  });

  it.each([
    ['a wrapper object', { intent_analysis: VALID }],
    ['a camelCase wrapper object', { intentAnalysis: VALID }],
  ])('When the analysis comes in %s, Then it is unwrapped', (_case, answer) => {
    const { analysis, repairs } = repaired(answer);

    expect(analysis.coreIntent).toBe('分析');
    expect(repairs[0]).toMatch(/^object unwrapped from /);
  });

  it.each([
    ['Technical', '技术'],
    ['creative writing', '创意'],
    ['Analysis', '分析'],
    ['consulting', '咨询'],
    ['技术类', '技术'],
    [' 「创意」', '创意'],
  ])('When core_intent is %j, Then it is normalised to %s', (given, expected) => {
    const { analysis, repairs } = repaired({ ...VALID, core_intent: given, alternative_intent: '咨询' === expected ? '分析' : '咨询' });

    expect(analysis.coreIntent).toBe(expected);
    expect(repairs).toContain('core_intent normalised');
  });

  it('When keys are camelCase, Then they are read', () => {
    const { analysis } = repaired({ coreIntent: '技术', subCategory: '调试', alternativeIntent: '分析', keyRequirements: ['a'] });

    expect(analysis).toMatchObject({ coreIntent: '技术', subCategory: '调试', alternativeIntent: '分析', keyRequirements: ['a'] });
  });

  it.each([
    [92, 0.92],
    ['0.7', 0.7],
    ['85%', 0.85],
    [1.7, 0.017],
    [-0.2, 0],
    [250, 1],
    ['high', 0.5],
    [undefined, 0.5],
  ])('When confidence is %j, Then it becomes %d, within [0, 1]', (given, expected) => {
    const { analysis } = repaired({ ...VALID, confidence: given });

    expect(analysis.confidence).toBeCloseTo(expected, 3);
    expect(analysis.confidence).toBeGreaterThanOrEqual(0);
    expect(analysis.confidence).toBeLessThanOrEqual(1);
  });

  it.each([['分析'], ['analysis'], [undefined], ['other']])(
    'When alternative_intent is %j (equal to the core intent, missing or unknown), Then another intent is chosen',
    (given) => {
      const { analysis, repairs } = repaired({ ...VALID, alternative_intent: given });

      expect(analysis.alternativeIntent).not.toBe(analysis.coreIntent);
      expect(['技术', '创意', '咨询']).toContain(analysis.alternativeIntent);
      expect(repairs.some((r) => r.startsWith('alternative_intent'))).toBe(true);
    },
  );

  it('When lists are missing, text or messy, Then they become clean arrays of strings', () => {
    const { analysis } = repaired({ ...VALID, key_requirements: '1. 找原因\n2. 给建议', constraints: null, keywords: ['a', 'a', '', 7, { x: 1 }, '  b  '] });

    expect(analysis.keyRequirements).toEqual(['找原因', '给建议']);
    expect(analysis.constraints).toEqual([]);
    expect(analysis.keywords).toEqual(['a', '7', 'b']);
  });

  it('When text fields are missing, Then they are filled in the input language', () => {
    const zh = repaired({ core_intent: '咨询' }, 'zh').analysis;
    const en = repaired({ core_intent: '咨询' }, 'en').analysis;

    expect(zh).toMatchObject({ subCategory: '通用', domain: '通用', alternativeIntent: '分析', keyRequirements: [], keywords: [] });
    expect(zh.disambiguationNote.length).toBeGreaterThan(0);
    expect(en).toMatchObject({ subCategory: 'general', domain: 'general', expectedOutput: 'A complete answer that fits the task' });
  });

  it('When a field is very long, Then it is clipped', () => {
    const { analysis } = repaired({ ...VALID, disambiguation_note: '长'.repeat(2000), keywords: Array.from({ length: 50 }, (_, i) => `k${i}`) });

    expect([...analysis.disambiguationNote].length).toBe(500);
    expect(analysis.keywords).toHaveLength(12);
  });

  it.each([
    ['no core intent', { ...VALID, core_intent: undefined }],
    ['a null core intent', { ...VALID, core_intent: null }],
    ['an unknown core intent', { ...VALID, core_intent: 'shopping' }],
    ['a non-string core intent', { ...VALID, core_intent: 3 }],
  ])('When the answer has %s, Then it cannot be repaired', (_case, answer) => {
    const result = repairIntentAnalysis(read(answer), 'en');

    expect(result.ok).toBe(false);
  });
});
