import { JsonValue } from '../../../core/shared/json';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';
import { describeManifestExamples, failureOf, resultOf } from './builtin-tool-examples';

const TOOLS = ['json_parse', 'json_query', 'json_to_csv', 'csv_to_json'] as const;

let kernel: TestKernel;
beforeAll(async () => {
  kernel = await createTestKernel({ tools: [...TOOLS] });
});
afterAll(() => kernel.close());

const run = <T = JsonValue>(id: (typeof TOOLS)[number], input: JsonValue) => resultOf<T>(kernel, id, input);

describeManifestExamples(TOOLS, () => kernel);

describe('json_parse', () => {
  it('When the text is valid JSON, Then the value and its type come back', async () => {
    expect(await run('json_parse', { text: '[1, "two", {"three": null}]' })).toEqual({ value: [1, 'two', { three: null }], type: 'array' });
    expect(await run('json_parse', { text: ' 42 ' })).toEqual({ value: 42, type: 'number' });
  });

  it('When a property value is missing on line 2, Then the call fails with invalid_json and the message gives position, line and column', async () => {
    expect((await failureOf(kernel, 'json_parse', { text: '{\n  "a": }' })).error).toEqual({
      code: 'runtime_error',
      reason: 'invalid_json',
      message: expect.stringMatching(/^Unexpected character "}".* at line 2, column 8 \(position 9\), near "\{\\n {2}\\"a\\": \}"$/),
    });
  });

  it('When the text is cut short or has trailing content, Then each is reported where it happens', async () => {
    const messageOf = async (text: string) => (await failureOf(kernel, 'json_parse', { text })).error.message;
    expect(await messageOf('{"a": [1, 2')).toMatch(/^Unexpected end of input at line 1, column 12 \(position 11\)/);
    expect(await messageOf('{"a": 1} {"b": 2}')).toMatch(/^Unexpected content after the JSON value at line 1, column 10 \(position 9\)/);
    expect(await messageOf("{'a': 1}")).toMatch(/^Expected a double-quoted property name at line 1, column 2 \(position 1\)/);
  });

  it('When a nesting 100 000 levels deep is left open, Then the error is found without overflowing the stack', async () => {
    expect((await failureOf(kernel, 'json_parse', { text: '['.repeat(100_000) })).error).toMatchObject({
      reason: 'invalid_json',
      message: expect.stringContaining('Unexpected end of input at line 1, column 100001 (position 100000)'),
    });
  });

  it('When text is missing or not a string, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'json_parse', {})).error.code).toBe('invalid_input');
    expect((await failureOf(kernel, 'json_parse', { text: { a: 1 } })).error.code).toBe('invalid_input');
  });
});

describe('json_query', () => {
  const store: JsonValue = {
    store: {
      book: [
        { category: 'reference', author: 'Nigel Rees', title: 'Sayings of the Century', price: 8.95 },
        { category: 'fiction', author: 'Herman Melville', title: 'Moby Dick', isbn: '0-553-21311-3', price: 8.99 },
        { category: 'fiction', author: 'J. R. R. Tolkien', title: 'The Lord of the Rings', isbn: '0-395-19395-8', price: 22.99 },
      ],
      bicycle: { color: 'red', price: 19.95 },
    },
  };

  it('When a filter selects books by a property, Then the matching values and their paths come back', async () => {
    expect(await run('json_query', { json: store, path: '$.store.book[?(@.isbn)].author' })).toEqual({
      count: 2,
      values: ['Herman Melville', 'J. R. R. Tolkien'],
      paths: ["$['store']['book'][1]['author']", "$['store']['book'][2]['author']"],
      truncated: false,
    });
  });

  it('When the document is JSON text and the path is recursive, Then every price is found in document order', async () => {
    const result = await run('json_query', { json: JSON.stringify(store), path: '$..price' });
    expect(result).toMatchObject({ count: 4, values: [8.95, 8.99, 22.99, 19.95] });
  });

  it('When more values match than the limit, Then the first ones come back with the full count', async () => {
    expect(await run('json_query', { json: store, path: '$.store.book[*].price', limit: 2 })).toEqual({
      count: 3,
      values: [8.95, 8.99],
      paths: ["$['store']['book'][0]['price']", "$['store']['book'][1]['price']"],
      truncated: true,
    });
  });

  it('When the JSON text is broken or the path cannot be parsed, Then the call fails with its reason', async () => {
    expect((await failureOf(kernel, 'json_query', { json: '{"a": ', path: '$.a' })).error).toMatchObject({ code: 'runtime_error', reason: 'invalid_json' });
    expect((await failureOf(kernel, 'json_query', { json: store, path: '$.store.book[(' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_path',
    });
  });

  it('When a filter tries to reach JavaScript globals, Then the safe evaluator refuses it', async () => {
    const { error } = await failureOf(kernel, 'json_query', { json: store, path: '$.store.book[?(@.constructor.constructor("return 1")())]' });
    expect(error).toMatchObject({ code: 'runtime_error', reason: 'invalid_path' });
  });

  it('When the matching values would outgrow the kernel output cap, Then the first ones come back, marked truncated', async () => {
    const result = await run<{ count: number; values: string[]; truncated: boolean }>('json_query', {
      json: Array.from({ length: 2000 }, (_, i) => `${i}`.padEnd(1000, '.')),
      path: '$[*]',
      limit: 1000,
    });
    expect(result).toMatchObject({ count: 2000, truncated: true });
    expect(result.values.length).toBeGreaterThan(850);
    expect(result.values.length).toBeLessThan(900);
  });

  it('When path is empty or limit is out of range, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'json_query', { json: store, path: '' })).error.code).toBe('invalid_input');
    expect((await failureOf(kernel, 'json_query', { json: store, path: '$', limit: 0 })).error.code).toBe('invalid_input');
  });
});

describe('json_to_csv', () => {
  it('When rows hold commas, quotes, line breaks and nulls, Then the CSV quotes them as RFC 4180 says', async () => {
    const rows: JsonValue = [
      { id: 1, note: 'say "hi"', text: 'two\nlines', missing: null },
      { id: 2, note: 'a,b' },
    ];
    expect(await run('json_to_csv', { json: rows })).toEqual({
      csv: 'id,note,text,missing\n1,"say ""hi""","two\nlines",\n2,"a,b",,',
      rows: 2,
      columns: ['id', 'note', 'text', 'missing'],
    });
  });

  it('When columns, a delimiter, CRLF and formula escaping are asked for, Then the CSV follows them', async () => {
    const rows = [{ name: 'Ada', formula: '=1+1', extra: true }];
    expect(await run('json_to_csv', { json: rows, columns: ['formula', 'name'], delimiter: ';', newline: '\r\n', escape_formulae: true })).toEqual({
      csv: 'formula;name\r\n"\'=1+1";Ada',
      rows: 1,
      columns: ['formula', 'name'],
    });
  });

  it('When the rows are scalars or the text is not JSON, Then the call fails with its reason', async () => {
    expect((await failureOf(kernel, 'json_to_csv', { json: [1, 2, 3] })).error).toMatchObject({ code: 'runtime_error', reason: 'invalid_rows' });
    expect((await failureOf(kernel, 'json_to_csv', { json: '[{"a":1' })).error).toMatchObject({ code: 'runtime_error', reason: 'invalid_json' });
  });

  it('When the CSV would outgrow the kernel output cap, Then the call fails with result_too_large', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, text: 'x'.repeat(500) }));
    expect((await failureOf(kernel, 'json_to_csv', { json: rows })).error).toMatchObject({ code: 'runtime_error', reason: 'result_too_large' });
  });

  it('When json is a number or an unknown option is passed, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'json_to_csv', { json: 5 })).error.code).toBe('invalid_input');
    expect((await failureOf(kernel, 'json_to_csv', { json: [], sheet: 'x' })).error.code).toBe('invalid_input');
  });
});

describe('csv_to_json', () => {
  it('When quoted fields hold delimiters and line breaks, Then each row keeps them', async () => {
    expect(await run('csv_to_json', { csv: 'city,notes\n"Paris, FR","line 1\nline 2"\nOslo,"say ""hei"""\n' })).toEqual({
      rows: [
        { city: 'Paris, FR', notes: 'line 1\nline 2' },
        { city: 'Oslo', notes: 'say "hei"' },
      ],
      columns: ['city', 'notes'],
      row_count: 2,
      truncated: false,
      delimiter: ',',
      errors: [],
    });
  });

  it('When the delimiter is a tab and typing is on, Then it is detected and numbers become numbers', async () => {
    expect(await run('csv_to_json', { csv: 'x\ty\n1\t2.5\n', dynamic_typing: true })).toMatchObject({
      rows: [{ x: 1, y: 2.5 }],
      delimiter: '\t',
    });
  });

  it('When a row has too few fields and a header repeats, Then the rows still come back with the problems listed', async () => {
    expect(await run('csv_to_json', { csv: 'a,a,b\n1,2,3\n4,5\n' })).toEqual({
      rows: [
        { a: '1', a_1: '2', b: '3' },
        { a: '4', a_1: '5' },
      ],
      columns: ['a', 'a_1', 'b'],
      renamed_columns: { a_1: 'a' },
      row_count: 2,
      truncated: false,
      delimiter: ',',
      errors: [{ code: 'TooFewFields', message: 'Too few fields: expected 3 fields but parsed 2', row: 1 }],
    });
  });

  it('When a column is named __proto__, Then it is renamed instead of silently dropped', async () => {
    expect(await run('csv_to_json', { csv: '__proto__,b\n1,2' })).toMatchObject({
      rows: [{ _proto_: '1', b: '2' }],
      renamed_columns: { _proto_: '__proto__' },
    });
  });

  it('When there are more rows than max_rows, Then only max_rows come back, marked truncated', async () => {
    const csv = ['n', ...Array.from({ length: 50 }, (_, i) => String(i))].join('\n');
    expect(await run('csv_to_json', { csv, max_rows: 3, header: true })).toMatchObject({
      rows: [{ n: '0' }, { n: '1' }, { n: '2' }],
      row_count: 3,
      truncated: true,
    });
  });

  it('When the rows would outgrow the kernel output cap, Then fewer than max_rows come back, marked truncated', async () => {
    // 3 000 rows of about 320 characters of JSON each: over the 900 000-character budget.
    const csv = ['id,text', ...Array.from({ length: 3000 }, (_, i) => `${i},${'y'.repeat(300)}`)].join('\n');
    const result = await run<{ row_count: number; truncated: boolean; rows: { id: string }[] }>('csv_to_json', { csv, max_rows: 5000 });
    expect(result).toMatchObject({ truncated: true });
    expect(result.row_count).toBe(result.rows.length);
    expect(result.row_count).toBeGreaterThan(2700);
    expect(result.row_count).toBeLessThan(2900);
    expect(result.rows[result.row_count - 1].id).toBe(String(result.row_count - 1));
  });

  it('When header is false, Then rows are arrays and there are no columns', async () => {
    expect(await run('csv_to_json', { csv: 'a|b\nc|d', header: false, delimiter: '|' })).toMatchObject({
      rows: [
        ['a', 'b'],
        ['c', 'd'],
      ],
      columns: null,
    });
  });

  it('When csv is missing or max_rows is too large, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'csv_to_json', { header: true })).error.code).toBe('invalid_input');
    expect((await failureOf(kernel, 'csv_to_json', { csv: 'a', max_rows: 100_000 })).error.code).toBe('invalid_input');
  });
});
