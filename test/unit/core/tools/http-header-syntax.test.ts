import { isHeaderName, isHeaderValue } from '../../../../core/domain/tool/http-header-syntax';

describe('HTTP header syntax', () => {
  it.each(['accept', 'X-Api-Version', "x!#$%&'*+.^_`|~-1"])('When the name is the token %j, Then it is a header name', (name) => {
    expect(isHeaderName(name)).toBe(true);
  });

  it.each(['', 'bad name', 'x:y', 'é', 'x\r\n', 'a'.repeat(129), 42])('When the name is %j, Then it is not', (name) => {
    expect(isHeaderName(name)).toBe(false);
  });

  it.each(['', 'plain', 'Zürich', 'tab\tinside', '\xff', 'a'.repeat(4096)])('When the value is %j, Then it can go on the wire', (value) => {
    expect(isHeaderValue(value)).toBe(true);
  });

  it.each(['東京', '☕', 'emoji 😀', 'line\nbreak', 'carriage\rreturn', 'nul\0', 'del\x7f', 'a'.repeat(4097), null])(
    'When the value is %j, Then it cannot',
    (value) => {
      expect(isHeaderValue(value)).toBe(false);
    },
  );
});
