/** Punycode encoding (RFC 3492) of one domain label, for internationalised host names. */

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_INT = 0x7fffffff;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digit(d: number): string {
  return String.fromCharCode(d < 26 ? d + 97 : d + 22);
}

/** Encodes a label's code points; throws RangeError on overflow (an absurdly long label). */
export function punycodeEncode(label: string): string {
  const input = Array.from(label, (char) => char.codePointAt(0) as number);
  let output = input.filter((c) => c < 0x80).map((c) => String.fromCharCode(c)).join('');
  const basicLength = output.length;
  let handled = basicLength;
  if (basicLength > 0) output += '-';
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  while (handled < input.length) {
    const m = Math.min(...input.filter((c) => c >= n));
    if (m - n > Math.floor((MAX_INT - delta) / (handled + 1))) throw new RangeError('punycode overflow');
    delta += (m - n) * (handled + 1);
    n = m;
    for (const c of input) {
      if (c < n && ++delta > MAX_INT) throw new RangeError('punycode overflow');
      if (c !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        output += digit(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      output += digit(q);
      bias = adapt(delta, handled + 1, handled === basicLength);
      delta = 0;
      handled += 1;
    }
    delta += 1;
    n += 1;
  }
  return output;
}
