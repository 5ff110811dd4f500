import ivm from 'isolated-vm';

/**
 * The reference: the same tool bundle on a warm isolated-vm context in this process, called
 * the cheapest correct way (JSON string in, JSON string out, promise awaited).
 */
export class BareIsolate {
  private constructor(
    private readonly isolate: ivm.Isolate,
    private readonly context: ivm.Context,
    private readonly run: ivm.Reference<(input: string) => Promise<string>>,
  ) {}

  static async load(bundle: string, memoryMb = 64): Promise<BareIsolate> {
    const isolate = new ivm.Isolate({ memoryLimit: memoryMb });
    const context = await isolate.createContext();
    const source = `
      const module = { exports: {} };
      (function (module, exports, require) { ${bundle}\n })(module, module.exports, () => ({}));
      const main = module.exports.default || module.exports;
      globalThis.__run = async (input) => JSON.stringify(await main(JSON.parse(input)));
    `;
    const script = await isolate.compileScript(source);
    await script.run(context);
    const run = (await context.global.get('__run', { reference: true })) as ivm.Reference<(input: string) => Promise<string>>;
    return new BareIsolate(isolate, context, run);
  }

  async call(input: string): Promise<string> {
    return (await this.run.apply(undefined, [input], { arguments: { copy: true }, result: { copy: true, promise: true }, timeout: 1000 })) as string;
  }

  dispose(): void {
    this.context.release();
    this.isolate.dispose();
  }
}
