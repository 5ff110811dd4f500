import { parseResponseMapping, pickPath } from '../../../../core/domain/tool/response-mapping';

describe('Response mapping', () => {
  it.each([
    ['data.items[0].name', ['data', 'items', 0, 'name']],
    ['$.data.items.0', ['data', 'items', '0']],
    ['$[2].id', [2, 'id']],
    ['results', ['results']],
    ['a b.c-d', ['a b', 'c-d']],
  ])('When %s is parsed, Then it gives its segments', (path, segments) => {
    expect(parseResponseMapping(path)).toEqual(segments);
  });

  it.each(['', '$', '.a', 'a..b', 'a.', 'a[x]', 'a.[0]', `a.${'b'.repeat(300)}`])('When %j is parsed, Then it is refused', (path) => {
    expect(parseResponseMapping(path)).toBeNull();
  });

  const response = { data: { items: [{ name: 'first' }, { name: 'second' }], count: 2 } };

  it('When the path exists, Then its value is picked (numeric segments index arrays)', () => {
    expect(pickPath(response, ['data', 'items', 1, 'name'])).toBe('second');
    expect(pickPath(response, ['data', 'items', '0'])).toEqual({ name: 'first' });
    expect(pickPath(response, ['data'])).toEqual(response.data);
  });

  it('When the path is missing or goes through a scalar or an inherited property, Then the value is null', () => {
    expect(pickPath(response, ['data', 'items', 5])).toBeNull();
    expect(pickPath(response, ['data', 'count', 'x'])).toBeNull();
    expect(pickPath(response, ['data', 'constructor'])).toBeNull();
    expect(pickPath(response, ['data', 'items', 'length'])).toBeNull();
  });
});
