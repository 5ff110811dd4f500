import { LenientJsonReader } from '../../../core/ports/lenient-json-reader.port';

const OBJECT = { core_intent: '分析', confidence: 0.91, keywords: ['转化率'], note: 'has } and { inside' };
const TEXT = JSON.stringify(OBJECT);

/** What every LenientJsonReader must do with a model's answer: find the first object, repair what can be repaired, refuse the rest. */
export function describeLenientJsonReaderContract(name: string, makeReader: () => LenientJsonReader): void {
  describe(name, () => {
    const reader = makeReader();

    it('When the answer is an object, Then it is read as is', () => {
      expect(reader.readObject(TEXT)).toEqual(OBJECT);
    });

    it.each([
      ['a ```json fence', `\`\`\`json\n${TEXT}\n\`\`\``],
      ['a fence amid prose', `Here you go:\n\`\`\`\n${JSON.stringify(OBJECT, null, 2)}\n\`\`\`\nAnything else?`],
      ['a fence left open', `\`\`\`json\n${TEXT}`],
      ['prose around it', `好的，分析如下：${TEXT} 希望有帮助！`],
      ['a trailing comma', TEXT.replace(/}$/, ',}')],
      ['a byte-order mark and blank lines', `\uFEFF\n\n${JSON.stringify(OBJECT, null, 2)}\n`],
      ['a one-element array', JSON.stringify([OBJECT])],
      ['braces in prose before it', `Note: {not json} ${TEXT}`],
      ['a second object after it', `${TEXT}\n${JSON.stringify({ other: true })}`],
    ])('When the object comes with %s, Then it is found', (_case, answer) => {
      expect(reader.readObject(answer)).toEqual(OBJECT);
    });

    it.each([
      ['single quotes, bare keys and Python literals', "{core_intent: '技术', valid: True, extra: None}", { core_intent: '技术', valid: true, extra: null }],
      ['a trailing comma inside a fence amid prose', 'Sure:\n```json\n{"a": [1, 2,],}\n```\nDone.', { a: [1, 2] }],
      ['an answer cut off midway', '{"core_intent": "技术", "keywords": ["a", "b', { core_intent: '技术', keywords: ['a', 'b'] }],
      ['a dangling key', '{"core_intent": "技术", "confidence": ', { core_intent: '技术', confidence: null }],
      ['a broken object amid prose', 'The analysis: {core_intent: "创意",} — hope it helps', { core_intent: '创意' }],
    ])('When the object has %s, Then it is repaired', (_case, answer, expected) => {
      expect(reader.readObject(answer)).toEqual(expected);
    });

    it('When valid JSON follows prose braces that repair would read as an object, Then the valid JSON wins', () => {
      expect(reader.readObject('A template looks like {name: x}. The answer: {"core_intent": "咨询"}')).toEqual({ core_intent: '咨询' });
    });

    it.each([
      ['no JSON at all', 'I cannot help with that.'],
      ['an empty answer', '  \n '],
      ['a JSON string', '"技术"'],
      ['a number', '42'],
      ['an array of strings', '```json\n["a", "b"]\n```'],
    ])('When the answer holds %s, Then no object is read', (_case, answer) => {
      expect(reader.readObject(answer)).toBeUndefined();
    });
  });
}
