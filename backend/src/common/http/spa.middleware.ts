import { readFileSync, statSync } from 'node:fs';
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
  let cached: { mtimeMs: number; html: string } | undefined;

  /** index.html, re-read only when a rebuild changed it. */
  const indexHtml = (): string | undefined => {
    try {
      const { mtimeMs } = statSync(indexPath);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexPath, 'utf8') };
      return cached.html;
    } catch {
      return undefined;
    }
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    serveStatic(req, res, () => {
      if (req.path.startsWith('/assets/')) {
        // A stale hashed asset: a plain 404, never HTML the browser would refuse to run.
        res.status(404).type('text/plain; charset=utf-8').send('Not found');
        return;
      }
      const html = indexHtml();
      if (html === undefined) {
        res.status(503).type('text/plain; charset=utf-8').send('Фронтенд не собран: выполните npm run build');
        return;
      }
      res
        .status(isSpaRoute(req.path) ? 200 : 404)
        .setHeader('Cache-Control', 'no-cache')
        .type('html')
        .send(html);
    });
  };
}
