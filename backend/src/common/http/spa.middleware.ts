import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { isApiPath, isSpaRoute } from '@eve-toolkit/shared-types';

/**
 * Serves the built SPA: static files (hashed assets cached for a year), index.html for every
 * route in the spec's route table (200) and for anything else (404, the SPA shows its 404 page).
 * API prefixes are never answered here, so unknown API paths get the JSON 404.
 */
export function spaMiddleware(distDir: string): RequestHandler {
  const indexPath = join(distDir, 'index.html');
  const serveStatic = express.static(distDir, {
    index: false,
    fallthrough: true,
    setHeaders: (res, path) => {
      if (path.includes(`${join(distDir, 'assets')}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  let indexHtml: string | undefined;

  return (req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    serveStatic(req, res, () => {
      if (!indexHtml) {
        if (!existsSync(indexPath)) {
          res.status(503).type('text/plain; charset=utf-8').send('Фронтенд не собран: выполните npm run build');
          return;
        }
        indexHtml = readFileSync(indexPath, 'utf8');
      }
      res
        .status(isSpaRoute(req.path) ? 200 : 404)
        .setHeader('Cache-Control', 'no-cache')
        .type('html')
        .send(indexHtml);
    });
  };
}
