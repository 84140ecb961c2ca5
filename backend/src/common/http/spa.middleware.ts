import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { isApiPath, isSpaRoute, SERVER_STATE_ELEMENT_ID, type ServerRenderResult } from '@eve-toolkit/shared-types';

/**
 * Renders a page of the SPA on the server (the ssr module provides it; the app root wires it in):
 * its markup, title and hydration state, or null to send the app's shell for the browser to render.
 */
export abstract class PageRenderer {
  abstract render(req: Request): Promise<ServerRenderResult | null>;
}

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
export function withPagePreloads(
  html: string,
  pages: readonly PagePreload[],
  path: string,
  known: boolean,
  /** A server-rendered page: its stylesheets load before it paints (its markup is styled by them). */
  rendered = false,
): string {
  const page = known
    ? pages.find((p) => p.regex !== null && new RegExp(p.regex, 'i').test(path))
    : pages.find((p) => p.regex === null);
  if (!page || !html.includes('</head>')) return html;
  if (!rendered) {
    const tags = [
      ...page.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...page.css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ];
    return html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
  }
  // The page is in the HTML: its stylesheets before it paints, the scripts that hydrate it after
  // them (low priority: the HTML and the stylesheets get the connection first).
  const tags = [
    ...page.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...page.js.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
  ];
  return html
    .replace(/<script type="module" crossorigin /g, '<script type="module" fetchpriority="low" crossorigin ')
    .replace(/<link rel="modulepreload" crossorigin /g, '<link rel="modulepreload" fetchpriority="low" crossorigin ')
    .replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * index.html with a server-rendered page: its title, its markup in place of the boot text, and
 * the state the browser hydrates it with as a data block (not a script: the CSP allows no inline
 * script). Without the root element to fill, index.html as it is.
 */
export function withServerRender(html: string, page: ServerRenderResult): string {
  const root = /<div id="root">[\s\S]*?<\/div>/.exec(html);
  if (!root) return html;
  return (
    html.slice(0, root.index).replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`) +
    `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${page.state}</script>` +
    html.slice(root.index + root[0].length)
  );
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
 * with the page's chunks named as preload hints. With a renderer, a public page's HTML carries the
 * page itself, rendered on the server (its stylesheets then load before it paints). API prefixes
 * are never answered here, so unknown API paths get the JSON 404.
 */
export function spaMiddleware(distDir: string, renderer?: PageRenderer): RequestHandler {
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
  const indexHtml = (path: string, known: boolean, rendered: boolean): string | undefined => {
    try {
      const { mtimeMs } = statSync(indexPath);
      if (cached?.mtimeMs !== mtimeMs)
        cached = { mtimeMs, html: readFileSync(indexPath, 'utf8'), pages: readPreloads(), byPath: new Map() };
      const key = `${known ? '' : '!'}${rendered ? '+' : ''}${path}`;
      let html = cached.byPath.get(key);
      if (html === undefined) {
        html = withPagePreloads(cached.html, cached.pages, path, known, rendered);
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

  /** index.html for an address that is no file: the page rendered on the server when it can be. */
  const page = async (req: Request, res: Response): Promise<void> => {
    if (req.path.startsWith('/assets/')) {
      // A stale hashed asset: a plain 404, never HTML the browser would refuse to run.
      res.status(404).type('text/plain; charset=utf-8').send('Not found');
      return;
    }
    const known = isSpaRoute(req.path);
    // The renderer answers null for what it does not render and for a render that failed.
    const rendered = renderer && req.method === 'GET' ? await renderer.render(req).catch(() => null) : null;
    const html = indexHtml(req.path, known, rendered !== null);
    if (html === undefined) {
      res.status(503).type('text/plain; charset=utf-8').send('Фронтенд не собран: выполните npm run build');
      return;
    }
    res
      .status(known ? 200 : 404)
      // A rendered page shows the visitor's session: never kept by a shared cache.
      .setHeader('Cache-Control', rendered ? 'private, no-cache' : 'no-cache')
      .type('html')
      .send(rendered ? withServerRender(html, rendered) : html);
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
    serveStatic(req, res, () => void page(req, res));
  };
}
