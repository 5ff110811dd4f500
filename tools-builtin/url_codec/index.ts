/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { buildQuery, parseQuery, type QueryScalar, type QueryValue } from './query-string';

type Operation = 'encode_component' | 'decode_component' | 'encode_uri' | 'decode_uri' | 'parse_query' | 'build_query';

interface Input {
  operation: Operation;
  text?: string;
  params?: Record<string, QueryScalar | QueryScalar[]>;
  plus_as_space?: boolean;
}

type Output = { result: string } | { params: Record<string, QueryValue>; pairs: { name: string; value: string }[] };

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
    throw new ToolError('result_too_large', `The result would be ${output.result.length} characters, over ${MAX_RESULT_LENGTH}; send less text`);
  }
  return output;
}

function convert(input: Input): Output {
  if (input.operation === 'build_query') {
    if (!input.params) throw new ToolError('invalid_input', 'build_query needs params');
    return { result: buildQuery(input.params, input.plus_as_space ?? true) };
  }
  if (input.text === undefined) throw new ToolError('invalid_input', `${input.operation} needs text`);
  if (input.operation === 'parse_query') return parseQuery(input.text);
  const plusAsSpace = input.plus_as_space ?? false;
  const text = plusAsSpace && input.operation.startsWith('decode') ? input.text.replace(/\+/g, ' ') : input.text;
  try {
    const result = CODECS[input.operation](text);
    return { result: plusAsSpace && input.operation.startsWith('encode') ? result.replace(/%20/g, '+') : result };
  } catch {
    // URIError: a `%` not followed by two hex digits or by valid UTF-8, or a lone surrogate to encode.
    const what = input.operation.startsWith('decode') ? 'a malformed %-escape' : 'a lone UTF-16 surrogate';
    throw new ToolError('malformed_input', `text contains ${what}`);
  }
}
