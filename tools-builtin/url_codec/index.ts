import { buildQuery, parseQuery, type QueryScalar, type QueryValue } from './query-string';

type Operation = 'encode_component' | 'decode_component' | 'encode_uri' | 'decode_uri' | 'parse_query' | 'build_query';

interface Input {
  operation: Operation;
  text?: string;
  params?: Record<string, QueryScalar | QueryScalar[]>;
  plus_as_space?: boolean;
}

type ErrorCode = 'malformed_input' | 'missing_argument' | 'result_too_large';
type Output =
  | { ok: true; result: string }
  | { ok: true; params: Record<string, QueryValue>; pairs: { name: string; value: string }[] }
  | { ok: false; error: { code: ErrorCode; message: string } };

// The kernel refuses outputs over 1,048,576 characters of JSON; a clear error beats its generic one.
const MAX_RESULT_LENGTH = 1_000_000;

const CODECS: Record<Exclude<Operation, 'parse_query' | 'build_query'>, (text: string) => string> = {
  encode_component: encodeURIComponent,
  decode_component: decodeURIComponent,
  encode_uri: encodeURI,
  decode_uri: decodeURI,
};

export default function urlCodec(input: Input): Output {
  const output = convert(input);
  if ('result' in output && output.result.length > MAX_RESULT_LENGTH) {
    return failure('result_too_large', `The result would be ${output.result.length} characters, over ${MAX_RESULT_LENGTH}; send less text`);
  }
  return output;
}

function convert(input: Input): Output {
  if (input.operation === 'build_query') {
    if (!input.params) return failure('missing_argument', 'build_query needs params');
    return { ok: true, result: buildQuery(input.params, input.plus_as_space ?? true) };
  }
  if (input.text === undefined) return failure('missing_argument', `${input.operation} needs text`);
  if (input.operation === 'parse_query') return { ok: true, ...parseQuery(input.text) };
  const plusAsSpace = input.plus_as_space ?? false;
  const text = plusAsSpace && input.operation.startsWith('decode') ? input.text.replace(/\+/g, ' ') : input.text;
  try {
    const result = CODECS[input.operation](text);
    return { ok: true, result: plusAsSpace && input.operation.startsWith('encode') ? result.replace(/%20/g, '+') : result };
  } catch {
    // URIError: a `%` not followed by two hex digits or by valid UTF-8, or a lone surrogate to encode.
    const what = input.operation.startsWith('decode') ? 'a malformed %-escape' : 'a lone UTF-16 surrogate';
    return failure('malformed_input', `text contains ${what}`);
  }
}

function failure(code: ErrorCode, message: string): Output {
  return { ok: false, error: { code, message } };
}
