import { jsonNestsDeeperThan } from '../../../../contracts/http/json-depth';

const deeper = (json: string, max: number) => jsonNestsDeeperThan(Buffer.from(json, 'utf8'), max);

describe('jsonNestsDeeperThan', () => {
  it('When arrays and objects nest exactly to the limit, Then it is not too deep, and one level more is', () => {
    expect(deeper('[{"a":[1]}]', 3)).toBe(false);
    expect(deeper('[{"a":[[1]]}]', 3)).toBe(true);
  });

  it('When siblings follow each other, Then only the nesting counts, not their number', () => {
    expect(deeper(`[${'[1],'.repeat(10_000)}[1]]`, 2)).toBe(false);
  });

  it('When brackets sit inside strings, escaped quotes included, Then they do not count', () => {
    expect(deeper('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(deeper('{"a":"\\"[[[[\\\\","b":1}', 1)).toBe(false);
    expect(deeper('{"a":"\\\\"}', 1)).toBe(false);
  });

  it('When a string holds multi-byte characters, Then they never pass for brackets or quotes', () => {
    expect(deeper('{"名前":"［｛”【","b":[1]}', 2)).toBe(false);
    expect(deeper('{"名前":"［｛”【","b":[[1]]}', 2)).toBe(true);
  });
});
