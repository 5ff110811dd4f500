import { objectWithAnyKey, readModelJson } from '../../../plugins/tool-lib/model-json';

// Shared by classify_text, extract_entities and sentiment (bundled into each by esbuild).
describe('model-json', () => {
  it('When the reply is a bare JSON object, Then it is read as valid, not repaired', () => {
    expect(readModelJson(' {"label": "a", "confidence": 0.9} ')).toEqual({ value: { label: 'a', confidence: 0.9 }, repaired: false });
  });

  it('When the object is fenced and followed by prose, Then the fenced object is read and marked repaired', () => {
    const reply = 'Here you go:\n```json\n{"label": "sports", "confidence": 0.8}\n```\nHope it helps.';
    expect(readModelJson(reply)).toEqual({ value: { label: 'sports', confidence: 0.8 }, repaired: true });
  });

  it('When the object sits inside prose with braces in its strings, Then the balanced object is extracted', () => {
    const reply = 'Answer: {"reason": "uses {curly} braces", "label": "x"} -- done {not json}';
    expect(readModelJson(reply)?.value).toEqual({ reason: 'uses {curly} braces', label: 'x' });
  });

  it('When keys are bare, quotes are single or smart, and commas trail, Then it is repaired', () => {
    expect(readModelJson("{label: 'sports', confidence: 85%, tags: ['a', 'b',],}")?.value).toEqual({
      label: 'sports',
      confidence: '85%',
      tags: ['a', 'b'],
    });
    expect(readModelJson('{\u201clabel\u201d: \u201cnews\u201d}')?.value).toEqual({ label: 'news' });
  });

  it('When Python literals are used, Then they become JSON literals', () => {
    expect(readModelJson("{'ok': True, 'missing': None, 'bad': False}")?.value).toEqual({ ok: true, missing: null, bad: false });
  });

  it('When a string holds a comma and a colon, Then repair leaves the string intact', () => {
    expect(readModelJson('{"reason": "a, b: c", "x": True')?.value).toEqual({ reason: 'a, b: c', x: true });
  });

  it('When the reply is cut off inside a nested list, Then the open string and structures are closed', () => {
    expect(readModelJson('{"entities": {"people": ["Ann", "Bob"], "places": ["Par')?.value).toEqual({
      entities: { people: ['Ann', 'Bob'], places: ['Par'] },
    });
  });

  it('When the reply is cut off after a key or inside a value, Then the dangling key is null and the cut value kept', () => {
    expect(readModelJson('{"label": "a", "confidence": 0.5, "rea')?.value).toEqual({ label: 'a', confidence: 0.5, rea: null });
    expect(readModelJson('{"label": "a", "reason": "because the')?.value).toEqual({ label: 'a', reason: 'because the' });
  });

  it('When a string holds a raw line break, Then it is escaped rather than refused', () => {
    expect(readModelJson('{"reason": "line one\nline two", "label": "x"} trailing')?.value).toEqual({ reason: 'line one\nline two', label: 'x' });
  });

  it('When numbers use exponents and strings use escapes, Then both survive repair', () => {
    expect(readModelJson('{"a": 1e3, "b": -2.5, "c": "caf\\u00e9\\n", }')?.value).toEqual({ a: 1000, b: -2.5, c: 'café\n' });
  });

  it('When there is no object at all, Then nothing is returned', () => {
    expect(readModelJson('I cannot answer that.')).toBeUndefined();
    expect(readModelJson('["a", "b"]')).toBeUndefined();
    expect(readModelJson('')).toBeUndefined();
  });

  it('When the wanted keys sit one level down, Then objectWithAnyKey finds that object', () => {
    const inner = { label: 'a' };
    expect(objectWithAnyKey({ result: inner }, ['label'])).toBe(inner);
    expect(objectWithAnyKey({ label: 'b' }, ['label'])).toEqual({ label: 'b' });
    expect(objectWithAnyKey({ answer: 'text' }, ['label'])).toBeUndefined();
  });
});
