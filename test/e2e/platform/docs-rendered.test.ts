import { findChromium, renderedDom } from '../../support/headless-chromium';
import { StartedApp, startApp } from '../../support/started-app';

const CHROMIUM = findChromium();
const TITLES = ['Agent Platform API', 'Envelope API', 'Prompt Optimization API'];

if (!CHROMIUM) console.info("Rendered /docs tests skipped: no Chromium installed (set CHROMIUM_PATH, or install Debian's chromium)");

(CHROMIUM ? describe : describe.skip)('The /docs page of each service, rendered by a browser', () => {
  let app: StartedApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  it.each([
    ['platform', () => app.platformUrl, 'Agent Platform API'],
    ['envelope', () => app.envelopeUrl, 'Envelope API'],
    ['prompt', () => app.promptUrl, 'Prompt Optimization API'],
  ])(
    'When the %s /docs page is rendered, Then Swagger UI shows that contract and no other',
    async (_name, base, title) => {
      const dom = await renderedDom(CHROMIUM as string, `${base()}/docs/`);

      const shown = /class="title">([^<]*)/.exec(dom)?.[1]?.trim();
      expect(shown).toBe(title);
      for (const other of TITLES.filter((t) => t !== title)) expect(dom).not.toContain(`class="title">${other}`);
    },
    90_000,
  );
});
