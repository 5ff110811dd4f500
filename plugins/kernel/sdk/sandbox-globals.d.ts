/**
 * The globals the kernel adds to every isolate, beyond standard ECMAScript (`JSON`, `Intl`, typed
 * arrays…): what sandboxed tool code may use without importing anything.
 *
 * Only tool code compiles against this file (tsconfig.tools.json, which has no Node or DOM types);
 * host code and tests see Node's declarations of the same names instead, so the two programs never
 * meet and the file is excluded from the others.
 */

/** UTF-8 only. Lone surrogates are encoded as U+FFFD. */
declare class TextEncoder {
  readonly encoding: 'utf-8';
  encode(input?: string): Uint8Array;
}

interface TextDecoderOptions {
  /** Throw a `TypeError` on bytes that are not UTF-8, instead of decoding them as U+FFFD. */
  fatal?: boolean;
  /** Keep a leading byte order mark in the text (by default it is dropped). */
  ignoreBOM?: boolean;
}

/** UTF-8 only (`utf-8`, `utf8`); any other label throws a `RangeError`. No streaming. */
declare class TextDecoder {
  constructor(label?: string, options?: TextDecoderOptions);
  readonly encoding: 'utf-8';
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  decode(input?: ArrayBuffer | ArrayBufferView): string;
}

/** Base64 (standard alphabet, `=` padding) of a string of Latin-1 characters, one per byte; throws beyond U+00FF. */
declare function btoa(data: string): string;

/**
 * The bytes of a Base64 text (standard alphabet) as a string of Latin-1 characters. ASCII whitespace
 * is ignored and padding is optional; anything else outside the alphabet throws.
 */
declare function atob(data: string): string;

/** Fires after `ms` milliseconds, within the call that set it: timers never outlive their tool call. */
declare function setTimeout<A extends unknown[]>(callback: (...args: A) => void, ms?: number, ...args: A): number;
declare function clearTimeout(id: number | undefined): void;
declare function queueMicrotask(callback: () => void): void;

/** Lines land in the tool outcome's `logs` (see `log` in `kernel:api` for the bounds). */
declare const console: {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
  trace(...data: unknown[]): void;
};
