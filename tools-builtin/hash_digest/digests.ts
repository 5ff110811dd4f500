/**
 * MD5 (RFC 1321), SHA-1, SHA-256 and SHA-512 (FIPS 180-4) and HMAC (RFC 2104) in plain
 * JavaScript: isolates have no crypto.subtle and no hashing library is installed. The round
 * constants are derived from their definitions (roots of primes, sines) with exact integer
 * arithmetic instead of being copied as tables; the unit tests compare every algorithm with
 * node:crypto.
 */
export type Algorithm = 'md5' | 'sha1' | 'sha256' | 'sha512';

interface HashFunction {
  blockBytes: number;
  outputBytes: number;
  hash(message: Uint8Array): Uint8Array;
}

const TWO_32 = 4294967296;

// ------------------------------------------------------------------ constants

function primes(count: number): bigint[] {
  const found: bigint[] = [];
  for (let n = 2; found.length < count; n += 1) if (found.every((p) => n % Number(p) !== 0)) found.push(BigInt(n));
  return found;
}

/** floor(n^(1/k)) by Newton's method from above. */
function integerRoot(n: bigint, k: bigint): bigint {
  let x = 1n << (BigInt(n.toString(2).length) / k + 1n);
  for (;;) {
    const next = ((k - 1n) * x + n / x ** (k - 1n)) / k;
    if (next >= x) return x;
    x = next;
  }
}

/** The first `bits` bits of the fractional part of the k-th root of each prime, as 32-bit words (hi first). */
function rootFractions(count: number, k: bigint, bits: bigint): number[] {
  const mask = (1n << bits) - 1n;
  return primes(count).flatMap((p) => {
    const fraction = integerRoot(p << (bits * k), k) & mask;
    return bits === 32n ? [Number(fraction)] : [Number(fraction >> 32n), Number(fraction & 0xffffffffn)];
  });
}

const SHA256_K = rootFractions(64, 3n, 32n);
const SHA256_H = rootFractions(8, 2n, 32n);
const SHA512_K = rootFractions(80, 3n, 64n);
const SHA512_H = rootFractions(8, 2n, 64n);
const MD5_K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * TWO_32) >>> 0);
const MD5_S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

// ------------------------------------------------------------------ padding and output

/** Appends 0x80, zeros and the bit length so the message fills whole blocks. */
function pad(message: Uint8Array, blockBytes: number, littleEndian: boolean): DataView {
  const lengthBytes = blockBytes === 128 ? 16 : 8;
  const total = Math.ceil((message.length + 1 + lengthBytes) / blockBytes) * blockBytes;
  const bytes = new Uint8Array(total);
  bytes.set(message);
  bytes[message.length] = 0x80;
  const view = new DataView(bytes.buffer);
  const bitsLow = (message.length * 8) % TWO_32;
  const bitsHigh = Math.floor((message.length * 8) / TWO_32);
  if (littleEndian) {
    view.setUint32(total - 8, bitsLow, true);
    view.setUint32(total - 4, bitsHigh, true);
  } else {
    view.setUint32(total - 8, bitsHigh);
    view.setUint32(total - 4, bitsLow);
  }
  return view;
}

function words(state: ArrayLike<number>, littleEndian: boolean): Uint8Array {
  const out = new DataView(new ArrayBuffer(state.length * 4));
  for (let i = 0; i < state.length; i += 1) out.setUint32(i * 4, state[i] >>> 0, littleEndian);
  return new Uint8Array(out.buffer);
}

const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n));
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

// ------------------------------------------------------------------ MD5

function md5(message: Uint8Array): Uint8Array {
  const view = pad(message, 64, true);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  const m = new Array<number>(16);
  for (let offset = 0; offset < view.byteLength; offset += 64) {
    for (let i = 0; i < 16; i += 1) m[i] = view.getUint32(offset + i * 4, true);
    let [a, b, c, d] = h;
    for (let i = 0; i < 64; i += 1) {
      const round = i >> 4;
      const f = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = round === 0 ? i : round === 1 ? (5 * i + 1) % 16 : round === 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
      const rotated = rotl((f + a + MD5_K[i] + m[g]) | 0, MD5_S[round * 4 + (i % 4)]);
      [a, d, c, b] = [d, c, b, (b + rotated) | 0];
    }
    h[0] = (h[0] + a) | 0;
    h[1] = (h[1] + b) | 0;
    h[2] = (h[2] + c) | 0;
    h[3] = (h[3] + d) | 0;
  }
  return words(h, true);
}

// ------------------------------------------------------------------ SHA-1

function sha1(message: Uint8Array): Uint8Array {
  const view = pad(message, 64, false);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Int32Array(80);
  for (let offset = 0; offset < view.byteLength; offset += 64) {
    for (let t = 0; t < 80; t += 1) w[t] = t < 16 ? view.getInt32(offset + t * 4) : rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    let [a, b, c, d, e] = h;
    for (let t = 0; t < 80; t += 1) {
      const f = t < 20 ? (b & c) | (~b & d) : t < 40 || t >= 60 ? b ^ c ^ d : (b & c) | (b & d) | (c & d);
      const k = t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const next = (rotl(a, 5) + f + e + k + w[t]) | 0;
      [e, d, c, b, a] = [d, c, rotl(b, 30), a, next];
    }
    [a, b, c, d, e].forEach((value, i) => (h[i] = (h[i] + value) | 0));
  }
  return words(h, false);
}

// ------------------------------------------------------------------ SHA-256

function sha256(message: Uint8Array): Uint8Array {
  const view = pad(message, 64, false);
  const h = Int32Array.from(SHA256_H);
  const w = new Int32Array(64);
  for (let offset = 0; offset < view.byteLength; offset += 64) {
    for (let t = 0; t < 64; t += 1) {
      if (t < 16) {
        w[t] = view.getInt32(offset + t * 4);
        continue;
      }
      const s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
      const s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
      w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let t = 0; t < 64; t += 1) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + SHA256_K[t] + w[t]) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      [hh, g, f, e, d, c, b, a] = [g, f, e, (d + t1) | 0, c, b, a, (t1 + t2) | 0];
    }
    [a, b, c, d, e, f, g, hh].forEach((value, i) => (h[i] = (h[i] + value) | 0));
  }
  return words(h, false);
}

// ------------------------------------------------------------------ SHA-512 (64-bit words as hi/lo int32 pairs)

/** High and low halves of a 64-bit rotate right by n (0 < n < 32); for n ≥ 32 swap the halves and rotate by n − 32. */
const rotrHi = (hi: number, lo: number, n: number) => (hi >>> n) | (lo << (32 - n));
const rotrLo = (hi: number, lo: number, n: number) => (lo >>> n) | (hi << (32 - n));

function sha512(message: Uint8Array): Uint8Array {
  const view = pad(message, 128, false);
  const h = Int32Array.from(SHA512_H);
  const w = new Int32Array(160);
  const v = new Int32Array(16);
  for (let offset = 0; offset < view.byteLength; offset += 128) {
    for (let t = 0; t < 80; t += 1) {
      if (t < 16) {
        w[2 * t] = view.getInt32(offset + t * 8);
        w[2 * t + 1] = view.getInt32(offset + t * 8 + 4);
        continue;
      }
      const [xh, xl] = [w[2 * (t - 15)], w[2 * (t - 15) + 1]];
      const s0h = rotrHi(xh, xl, 1) ^ rotrHi(xh, xl, 8) ^ (xh >>> 7);
      const s0l = rotrLo(xh, xl, 1) ^ rotrLo(xh, xl, 8) ^ ((xl >>> 7) | (xh << 25));
      const [yh, yl] = [w[2 * (t - 2)], w[2 * (t - 2) + 1]];
      const s1h = rotrHi(yh, yl, 19) ^ rotrHi(yl, yh, 29) ^ (yh >>> 6);
      const s1l = rotrLo(yh, yl, 19) ^ rotrLo(yl, yh, 29) ^ ((yl >>> 6) | (yh << 26));
      const low = (s0l >>> 0) + (s1l >>> 0) + (w[2 * (t - 7) + 1] >>> 0) + (w[2 * (t - 16) + 1] >>> 0);
      w[2 * t] = s0h + s1h + w[2 * (t - 7)] + w[2 * (t - 16)] + Math.floor(low / TWO_32);
      w[2 * t + 1] = low;
    }
    v.set(h);
    for (let t = 0; t < 80; t += 1) round512(v, w, t);
    for (let i = 0; i < 16; i += 2) {
      const low = (h[i + 1] >>> 0) + (v[i + 1] >>> 0);
      h[i] = h[i] + v[i] + Math.floor(low / TWO_32);
      h[i + 1] = low;
    }
  }
  return words(h, false);
}

/** One SHA-512 round on the working variables a..h held in v as (hi, lo) pairs. */
function round512(v: Int32Array, w: Int32Array, t: number): void {
  const [ah, al, bh, bl, ch, cl, dh, dl, eh, el, fh, fl, gh, gl, hh, hl] = v;
  const sigma1h = rotrHi(eh, el, 14) ^ rotrHi(eh, el, 18) ^ rotrHi(el, eh, 9);
  const sigma1l = rotrLo(eh, el, 14) ^ rotrLo(eh, el, 18) ^ rotrLo(el, eh, 9);
  const choiceH = (eh & fh) ^ (~eh & gh);
  const choiceL = (el & fl) ^ (~el & gl);
  const t1Low = (hl >>> 0) + (sigma1l >>> 0) + (choiceL >>> 0) + (SHA512_K[2 * t + 1] >>> 0) + (w[2 * t + 1] >>> 0);
  const t1h = (hh + sigma1h + choiceH + SHA512_K[2 * t] + w[2 * t] + Math.floor(t1Low / TWO_32)) | 0;
  const t1l = t1Low | 0;
  const sigma0h = rotrHi(ah, al, 28) ^ rotrHi(al, ah, 2) ^ rotrHi(al, ah, 7);
  const sigma0l = rotrLo(ah, al, 28) ^ rotrLo(al, ah, 2) ^ rotrLo(al, ah, 7);
  const majorityH = (ah & bh) ^ (ah & ch) ^ (bh & ch);
  const majorityL = (al & bl) ^ (al & cl) ^ (bl & cl);
  const t2Low = (sigma0l >>> 0) + (majorityL >>> 0);
  const t2h = sigma0h + majorityH + Math.floor(t2Low / TWO_32);
  const eLow = (dl >>> 0) + (t1l >>> 0);
  const aLow = (t1l >>> 0) + (t2Low >>> 0);
  v.set([
    t1h + t2h + Math.floor(aLow / TWO_32), aLow, ah, al, bh, bl, ch, cl,
    dh + t1h + Math.floor(eLow / TWO_32), eLow, eh, el, fh, fl, gh, gl,
  ]);
}

// ------------------------------------------------------------------ public API

const FUNCTIONS: Record<Algorithm, HashFunction> = {
  md5: { blockBytes: 64, outputBytes: 16, hash: md5 },
  sha1: { blockBytes: 64, outputBytes: 20, hash: sha1 },
  sha256: { blockBytes: 64, outputBytes: 32, hash: sha256 },
  sha512: { blockBytes: 128, outputBytes: 64, hash: sha512 },
};

export function digest(algorithm: Algorithm, message: Uint8Array): Uint8Array {
  return FUNCTIONS[algorithm].hash(message);
}

export function hmac(algorithm: Algorithm, key: Uint8Array, message: Uint8Array): Uint8Array {
  const { blockBytes, outputBytes, hash } = FUNCTIONS[algorithm];
  const block = new Uint8Array(blockBytes);
  block.set(key.length > blockBytes ? hash(key) : key);
  const inner = new Uint8Array(blockBytes + message.length);
  const outer = new Uint8Array(blockBytes + outputBytes);
  for (let i = 0; i < blockBytes; i += 1) {
    inner[i] = block[i] ^ 0x36;
    outer[i] = block[i] ^ 0x5c;
  }
  inner.set(message, blockBytes);
  outer.set(hash(inner), blockBytes);
  return hash(outer);
}
