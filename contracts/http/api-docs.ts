import { Express } from 'express';
import swaggerUi from 'swagger-ui-express';

/**
 * `/openapi.json` and Swagger UI at `/docs` for one contract's OpenAPI document. `serveFiles`
 * gives each app its own `swagger-ui-init.js`: with the shared `swaggerUi.serve`, the init
 * script holds whichever document was set up last in the process, so every service's page
 * would show the same contract.
 */
export function mountApiDocs(app: Express, document: object): void {
  app.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  const options = { customSiteTitle: (document as { info?: { title?: string } }).info?.title, customCss: '' };
  app.use('/docs', swaggerUi.serveFiles(document, options), swaggerUi.setup(document, options));
}
