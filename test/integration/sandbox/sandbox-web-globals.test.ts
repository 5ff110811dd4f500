import { createTestKernel, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';

// The sandbox's TextEncoder/TextDecoder, atob/btoa and Intl, checked against Node's own on the same input.
describe('Web globals in the sandbox', () => {
  let kernel: TestKernel;
  const run = async (code: string, input: unknown = {}): Promise<unknown> => {
    const outcome = await kernel.registry.runCode(code, input as never, { actor: TEST_ACTOR });
    if (!outcome.success) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
    return outcome.result;
  };

  beforeAll(async () => {
    kernel = await createTestKernel({ tools: [] });
  });
  afterAll(() => kernel.close());

  const MALFORMED: Array<[string, number[]]> = [
    ['a truncated sequence', [0x61, 0xe2, 0x82]],
    ['a truncated sequence before ASCII', [0xe2, 0x82, 0x41]],
    ['a stray continuation byte', [0x80, 0x62]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an overlong 3-byte form', [0xe0, 0x80, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['an invalid lead byte', [0xff, 0x61]],
  ];

  it.each(MALFORMED)('When a fatal decoder meets %s, Then it throws a TypeError', async (_what, bytes) => {
    const code = `function main(input) {
      try { new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(input.bytes)); return 'decoded'; }
      catch (e) { return e instanceof TypeError ? 'TypeError' : String(e); }
    }`;
    expect(await run(code, { bytes })).toBe('TypeError');
  });

  it.each(MALFORMED)('When a replacing decoder meets %s, Then it answers what Node answers', async (_what, bytes) => {
    const code = 'function main(input) { return new TextDecoder().decode(Uint8Array.from(input.bytes)); }';
    expect(await run(code, { bytes })).toBe(new TextDecoder().decode(Uint8Array.from(bytes)));
  });

  it('When valid UTF-8 with a byte order mark is decoded, Then the mark is dropped unless ignoreBOM is set, fatal or not', async () => {
    const bytes = [...new TextEncoder().encode('\ufeffZoë ☕ 😀')];
    const code = `function main(input) {
      const bytes = Uint8Array.from(input.bytes);
      return {
        plain: new TextDecoder().decode(bytes),
        fatal: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
        kept: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
        flags: [new TextDecoder('utf-8', { fatal: true }).fatal, new TextDecoder().fatal, new TextDecoder('utf8', { ignoreBOM: true }).ignoreBOM],
      };
    }`;
    expect(await run(code, { bytes })).toEqual({ plain: 'Zoë ☕ 😀', fatal: 'Zoë ☕ 😀', kept: '\ufeffZoë ☕ 😀', flags: [true, false, true] });
  });

  it('When bytes of every length up to 40 go through btoa and atob, Then both agree with Node', async () => {
    const binaries = Array.from({ length: 41 }, (_, length) => String.fromCharCode(...Array.from({ length }, (_, i) => (i * 89 + length * 7) % 256)));
    const code = 'function main(input) { return input.binaries.map((binary) => { const encoded = btoa(binary); return [encoded, atob(encoded)]; }); }';
    expect(await run(code, { binaries })).toEqual(binaries.map((binary) => [btoa(binary), binary]));
  });

  it('When atob gets whitespace, missing or misplaced padding and foreign characters, Then it accepts and refuses what Node does', async () => {
    const inputs = ['aGVs\nbG8g\r\nd29y bGQ=', 'YQ', 'YQ==', 'YQ=', 'YWI=', 'YWI', 'ab=c', 'abc===', 'abcde', 'YQ-_', 'é', ''];
    const code = 'function main(input) { return input.inputs.map((text) => { try { return atob(text); } catch (e) { return null; } }); }';
    const node = inputs.map((text) => {
      try {
        return atob(text);
      } catch {
        return null;
      }
    });
    expect(await run(code, { inputs })).toEqual(node);
  });

  it('When a megabyte goes through btoa and atob, Then it comes back whole', async () => {
    const code = `function main() {
      const bytes = new Uint8Array(1 << 20).map((_, i) => (i * 31) & 255);
      let binary = '';
      for (let i = 0; i < bytes.length; i += 8192) binary += String.fromCharCode(...bytes.subarray(i, i + 8192));
      const back = atob(btoa(binary));
      return back === binary;
    }`;
    expect(await run(code)).toBe(true);
  });

  it('When Intl formats a date in an IANA time zone and locale, Then the full ICU data answers', async () => {
    const code = `function main() {
      const date = new Date(Date.UTC(2024, 6, 1, 12));
      return new Intl.DateTimeFormat('de-DE', { timeZone: 'America/New_York', dateStyle: 'full', timeStyle: 'short' }).format(date);
    }`;
    const date = new Date(Date.UTC(2024, 6, 1, 12));
    expect(await run(code)).toBe(new Intl.DateTimeFormat('de-DE', { timeZone: 'America/New_York', dateStyle: 'full', timeStyle: 'short' }).format(date));
  });
});
