import { Express } from 'express';
import swaggerUi from 'swagger-ui-express';

/** `/openapi.json` and Swagger UI at `/docs` for one contract's OpenAPI document. */
export function mountApiDocs(app: Express, document: object): void {
  app.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  app.use('/docs', swaggerUi.serve, swaggerUi.setup(document, { customSiteTitle: (document as { info?: { title?: string } }).info?.title, customCss: '' }));
}
