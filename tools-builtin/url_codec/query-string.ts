export type QueryValue = string | string[];
export type QueryScalar = string | number | boolean | null;

/**
 * application/x-www-form-urlencoded, as URLSearchParams reads it (which the isolate lacks): `+` is
 * a space, and a malformed %-sequence is kept as written instead of failing the whole string.
 */
export function parseQuery(text: string): { params: Record<string, QueryValue>; pairs: { name: string; value: string }[] } {
  const query = queryPart(text);
  const pairs = query
    .split('&')
    .filter((piece) => piece !== '')
    .map((piece) => {
      const equals = piece.indexOf('=');
      const name = equals === -1 ? piece : piece.slice(0, equals);
      const value = equals === -1 ? '' : piece.slice(equals + 1);
      return { name: lenientDecode(name.replace(/\+/g, ' ')), value: lenientDecode(value.replace(/\+/g, ' ')) };
    });
  // A null-prototype object, so a parameter named __proto__ is data like any other.
  const params: Record<string, QueryValue> = Object.create(null);
  for (const { name, value } of pairs) {
    const existing = params[name];
    params[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return { params, pairs };
}

export function buildQuery(params: Record<string, QueryScalar | QueryScalar[]>, spaceAsPlus: boolean): string {
  const encode = (text: string) => (spaceAsPlus ? encodeURIComponent(text).replace(/%20/g, '+') : encodeURIComponent(text));
  const pieces: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      pieces.push(`${encode(name)}=${encode(item === null ? '' : String(item))}`);
    }
  }
  return pieces.join('&');
}

/** Everything after the first `?` (when there is one) and before the fragment. */
function queryPart(text: string): string {
  const withoutFragment = text.split('#', 1)[0];
  const question = withoutFragment.indexOf('?');
  return question === -1 ? withoutFragment : withoutFragment.slice(question + 1);
}

export function lenientDecode(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}
