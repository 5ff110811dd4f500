/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { hmac } from '@noble/hashes/hmac.js';
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { base64FromBytes } from '../../plugins/tool-lib/base64';
import { bytesFromHex, hexFromBytes } from '../../plugins/tool-lib/hex';

const HASHES = { md5, sha1, sha256, sha512 };

type Algorithm = keyof typeof HASHES;

interface Input {
  text: string;
  algorithm: Algorithm;
  encoding?: 'hex' | 'base64';
  input_encoding?: 'utf8' | 'hex';
  hmac_key?: string;
}

interface Output {
  digest: string;
  algorithm: Algorithm;
  encoding: 'hex' | 'base64';
  hmac: boolean;
  bytes: number;
}

export default function hashDigest(input: Input): Output {
  const message = input.input_encoding === 'hex' ? bytesFromHex(input.text) : new TextEncoder().encode(input.text);
  if (!message) throw new ToolError('invalid_hex', 'text is not hexadecimal (an even number of 0-9 a-f digits)');
  const hash = HASHES[input.algorithm];
  const isHmac = input.hmac_key !== undefined;
  const raw = isHmac ? hmac(hash, new TextEncoder().encode(input.hmac_key), message) : hash(message);
  const encoding = input.encoding ?? 'hex';
  return {
    digest: encoding === 'hex' ? hexFromBytes(raw) : base64FromBytes(raw),
    algorithm: input.algorithm,
    encoding,
    hmac: isHmac,
    bytes: message.length,
  };
}
