/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
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

interface Output {
  result: string;
  bytes: number;
}

// The kernel refuses outputs over 1,048,576 characters of JSON; a clear error beats its generic one.
const MAX_RESULT_LENGTH = 1_000_000;

export default function base64(input: Input): Output {
  const output = input.operation === 'encode' ? encode(input) : decode(input);
  if (output.result.length > MAX_RESULT_LENGTH) {
    throw new ToolError('result_too_large', `The result would be ${output.result.length} characters, over ${MAX_RESULT_LENGTH}; send less data`);
  }
  return output;
}

function encode(input: Input): Output {
  const bytes = input.input_encoding === 'hex' ? bytesFromHex(input.text) : new TextEncoder().encode(input.text);
  if (!bytes) throw new ToolError('invalid_hex', 'text is not hexadecimal (an even number of 0-9 a-f digits)');
  const urlSafe = input.url_safe ?? false;
  return { result: base64FromBytes(bytes, { urlSafe, padding: input.padding ?? !urlSafe }), bytes: bytes.length };
}

function decode(input: Input): Output {
  const bytes = bytesFromBase64(input.text);
  if (!bytes) throw new ToolError('invalid_base64', 'text is not base64 (A-Z a-z 0-9 + / or - _, optional = padding)');
  if (input.output_encoding === 'hex') return { result: hexFromBytes(bytes), bytes: bytes.length };
  const text = strictUtf8Decode(bytes);
  if (text === null) throw new ToolError('not_utf8', 'The decoded bytes are not UTF-8 text; ask for output_encoding "hex"');
  return { result: text, bytes: bytes.length };
}
