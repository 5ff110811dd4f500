import { Express } from 'express';
import swaggerUi from 'swagger-ui-express';

const OPENAPI_PATH = '/openapi.json';

/**
 * `/openapi.json` and Swagger UI at `/docs` for one contract's OpenAPI document. The page
 * loads the document from `/openapi.json` of the service that serves it, rather than having it
 * embedded in `swagger-ui-init.js`: the shared `swaggerUi.serve` holds whichever document was
 * set up last in the process (every service showed the same contract), and embedding passes
 * the document through `String.replace`, where a `$\`` in a description (a regex in backticks)
 * splices the template into the script and breaks it.
 */
export function mountApiDocs(app: Express, document: object): void {
  app.get(OPENAPI_PATH, (_req, res) => {
    res.json(document);
  });
  const options = {
    customSiteTitle: (document as { info?: { title?: string } }).info?.title,
    customCss: '',
    swaggerOptions: { url: OPENAPI_PATH },
  };
  app.use('/docs', swaggerUi.serveFiles(undefined, options), swaggerUi.setup(undefined, options));
}
