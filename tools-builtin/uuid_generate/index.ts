/**
 * The sandbox has no `crypto` (docs/plugins.md lists its globals). A version-4 UUID needs 122
 * random bits, not unpredictable ones, so Math.random is the fallback, and the output names the
 * source; should the kernel ever provide crypto.getRandomValues, it is used instead.
 */
interface Input {
  count?: number;
  uppercase?: boolean;
  hyphens?: boolean;
}

type RandomSource = 'crypto.getRandomValues' | 'Math.random';

interface Output {
  uuids: string[];
  version: 4;
  random_source: RandomSource;
}

interface RandomValues {
  getRandomValues(array: Uint8Array): Uint8Array;
}

export default function uuidGenerate(input: Input): Output {
  const webCrypto = (globalThis as { crypto?: Partial<RandomValues> }).crypto;
  const source: RandomSource = typeof webCrypto?.getRandomValues === 'function' ? 'crypto.getRandomValues' : 'Math.random';
  const uuids = Array.from({ length: input.count ?? 1 }, () => {
    const uuid = formatUuid(randomBytes(source, webCrypto as RandomValues | undefined), input.hyphens ?? true);
    return input.uppercase ? uuid.toUpperCase() : uuid;
  });
  return { uuids, version: 4, random_source: source };
}

function randomBytes(source: RandomSource, webCrypto: RandomValues | undefined): Uint8Array {
  const bytes = new Uint8Array(16);
  if (source === 'crypto.getRandomValues' && webCrypto) return webCrypto.getRandomValues(bytes);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return bytes;
}

/** RFC 9562 §5.4: version 4 in the high nibble of byte 6, variant 10 in the top bits of byte 8. */
export function formatUuid(random: Uint8Array, hyphens: boolean): string {
  const bytes = Uint8Array.from(random);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  if (!hyphens) return hex;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
