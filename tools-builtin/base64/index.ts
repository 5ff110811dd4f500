import { base64FromBytes, bytesFromBase64 } from '../../plugins/tool-lib/base64';
import { bytesFromHex, hexFromBytes } from '../../plugins/tool-lib/hex';
import { strictUtf8Decode } from '../../plugins/tool-lib/strict-utf8';

interface Input {
  operation: 'encode' | 'decode';
  text: string;
  url_safe?: boolean;
  padding?: boolean;
  input_encoding?: 'utf8' | 'hex';
  output_encoding?: 'utf8' | 'hex';
}

type ErrorCode = 'invalid_base64' | 'invalid_hex' | 'not_utf8' | 'result_too_large';
type Output = { ok: true; result: string; bytes: number } | { ok: false; error: { code: ErrorCode; message: string } };

// The kernel refuses outputs over 1,048,576 characters of JSON; a clear error beats its generic one.
const MAX_RESULT_LENGTH = 1_000_000;

export default function base64(input: Input): Output {
  const output = input.operation === 'encode' ? encode(input) : decode(input);
  if (output.ok && output.result.length > MAX_RESULT_LENGTH) {
    return failure('result_too_large', `The result would be ${output.result.length} characters, over ${MAX_RESULT_LENGTH}; send less data`);
  }
  return output;
}

function encode(input: Input): Output {
  const bytes = input.input_encoding === 'hex' ? bytesFromHex(input.text) : new TextEncoder().encode(input.text);
  if (!bytes) return failure('invalid_hex', 'text is not hexadecimal (an even number of 0-9 a-f digits)');
  const urlSafe = input.url_safe ?? false;
  return { ok: true, result: base64FromBytes(bytes, { urlSafe, padding: input.padding ?? !urlSafe }), bytes: bytes.length };
}

function decode(input: Input): Output {
  const bytes = bytesFromBase64(input.text);
  if (!bytes) return failure('invalid_base64', 'text is not base64 (A-Z a-z 0-9 + / or - _, optional = padding)');
  if (input.output_encoding === 'hex') return { ok: true, result: hexFromBytes(bytes), bytes: bytes.length };
  const text = strictUtf8Decode(bytes);
  if (text === null) return failure('not_utf8', 'The decoded bytes are not UTF-8 text; ask for output_encoding "hex"');
  return { ok: true, result: text, bytes: bytes.length };
}

function failure(code: ErrorCode, message: string): Output {
  return { ok: false, error: { code, message } };
}
