import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { isApiPath, isSpaRoute } from '@eve-toolkit/shared-types';

/** One page of the SPA as the frontend build lists it (frontend/vite.config.ts, pagePreloads). */
interface PagePreload {
  pattern: string;
  /** Its address as a regular expression; null for `*`, the page of any other address (404). */
  regex: string | null;
  /** Scripts and stylesheets the page needs beyond what index.html loads. */
  js: string[];
  css: string[];
}

/**
 * index.html for one address: the page's chunks named as preload hints, so the browser fetches
 * them with the app's entry instead of after the entry has run (one round trip and the entry's
 * start-up earlier). Without the build's list (an older build), index.html as it is.
 */
export function withPagePreloads(html: string, pages: readonly PagePreload[], path: string, known: boolean): string {
  const page = known
    ? pages.find((p) => p.regex !== null && new RegExp(p.regex, 'i').test(path))
    : pages.find((p) => p.regex === null);
  if (!page || !html.includes('</head>')) return html;
  const tags = [
    ...page.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...page.css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
  return html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

/** The build's compressed copies of an asset (frontend/vite.config.ts, precompress), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
/** A hashed asset's address: one file name, no folders. */
const ASSET_PATH = /^\/assets\/[\w.-]+\.(js|css|svg|json)$/;

/**
 * Serves the built SPA: static files (hashed assets cached for a year; the build's brotli or gzip
 * copy when the browser takes it, compressed once at the highest setting), index.html for every
 * route in the spec's route table (200) and for anything else (404, the SPA shows its 404 page),
 * with the page's chunks named as preload hints. API prefixes are never answered here, so
 * unknown API paths get the JSON 404.
 */
export function spaMiddleware(distDir: string): RequestHandler {
  const indexPath = join(distDir, 'index.html');
  const preloadsPath = join(distDir, '.vite', 'page-preloads.json');
  const serveStatic = express.static(distDir, {
    index: false,
    fallthrough: true,
    setHeaders: (res, path) => {
      if (path.includes(`${join(distDir, 'assets')}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  let cached: { mtimeMs: number; html: string; pages: PagePreload[]; byPath: Map<string, string> } | undefined;

  /** index.html for the address, read again only when a rebuild changed it. */
  const indexHtml = (path: string, known: boolean): string | undefined => {
    try {
      const { mtimeMs } = statSync(indexPath);
      if (cached?.mtimeMs !== mtimeMs)
        cached = { mtimeMs, html: readFileSync(indexPath, 'utf8'), pages: readPreloads(), byPath: new Map() };
      const key = `${known ? '' : '!'}${path}`;
      let html = cached.byPath.get(key);
      if (html === undefined) {
        html = withPagePreloads(cached.html, cached.pages, path, known);
        // Bounded: the addresses of pages with an id are many; the template is cheap to fill again.
        if (cached.byPath.size < 1000) cached.byPath.set(key, html);
      }
      return html;
    } catch {
      return undefined;
    }
  };
  const readPreloads = (): PagePreload[] => {
    try {
      return JSON.parse(readFileSync(preloadsPath, 'utf8')) as PagePreload[];
    } catch {
      return [];
    }
  };

  /** The asset's compressed copy the request accepts, if the build made one. */
  const precompressed = (req: Request) => {
    if (!ASSET_PATH.test(req.path)) return undefined;
    // Brotli first whatever order the browser lists them in (Chrome: "gzip, deflate, br, zstd").
    const copy = PRECOMPRESSED.find((p) => req.acceptsEncodings(p.encoding) === p.encoding);
    const file = copy && join(distDir, `${req.path}${copy.suffix}`);
    return copy && file && existsSync(file) ? { ...copy, file } : undefined;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const copy = precompressed(req);
    if (copy) {
      // The type of the asset itself (sendFile keeps a type already set); the compression
      // middleware leaves an answer that already has a Content-Encoding alone.
      res.type(extname(req.path)).setHeader('Content-Encoding', copy.encoding);
      res.vary('Accept-Encoding');
      res.sendFile(copy.file, { maxAge: '1y', immutable: true }, (err) => err && next(err));
      return;
    }
    serveStatic(req, res, () => {
      if (req.path.startsWith('/assets/')) {
        // A stale hashed asset: a plain 404, never HTML the browser would refuse to run.
        res.status(404).type('text/plain; charset=utf-8').send('Not found');
        return;
      }
      const known = isSpaRoute(req.path);
      const html = indexHtml(req.path, known);
      if (html === undefined) {
        res.status(503).type('text/plain; charset=utf-8').send('Фронтенд не собран: выполните npm run build');
        return;
      }
      res
        .status(known ? 200 : 404)
        .setHeader('Cache-Control', 'no-cache')
        .type('html')
        .send(html);
    });
  };
}
