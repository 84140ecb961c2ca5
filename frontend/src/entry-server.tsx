/**
 * The server's entry: renders a public page to HTML with the same routes and components as the
 * browser (`vite build --ssr`, into dist/.ssr/; the backend's ssr module calls `render`). The
 * browser hydrates that HTML (main.tsx): the page's text paints with the HTML, before any script.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import type { ServerRenderRequest, ServerRenderResult } from '@eve-toolkit/shared-types';
import { App } from './app/app';
import { PAGES } from './app/pages';
import { documentTitle, pageAt, preloadPage } from './app/routes';
import { SERVER_PAGES, SHELL_QUERIES, type ServerQuery } from './app/server-pages';
import { hubIdAtom, preferencesFromCookies } from './shared/preferences.atoms';
import { serverState } from './shared/server-state';

/** A render that takes longer than this is given up (the browser renders the page itself). */
const RENDER_TIMEOUT_MS = 5_000;

/** Renders the element to a string once everything in it is ready; any error fails the render. */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const timer = setTimeout(() => stream.abort(new Error('server render timed out')), RENDER_TIMEOUT_MS);
    const stream = renderToPipeableStream(element, {
      // Everything in place, in document order: a boundary sent apart (streamed in later, or
      // «outlined» once the HTML passes this many bytes) is put in place by React's inline
      // scripts, which the server's Content-Security-Policy forbids.
      onAllReady: () => stream.pipe(sink),
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
      // A part that failed on the server would be left to the browser with an inline script: the
      // whole page goes to the browser instead.
      onError: (error) => {
        clearTimeout(timer);
        reject(error);
        stream.abort();
      },
    });
  });
}

/** Rendered pages by everything the render read (address, cookies' choices, answers), for a short while. */
const rendered = new Map<string, { at: number; html: string; renderTime: number }>();
/** A rendered page is reused this long: its ages («2 мин назад») are the render's. */
const REUSE_MS = 10_000;
const MAX_REUSED = 200;

export async function render(request: ServerRenderRequest): Promise<ServerRenderResult | null> {
  const url = new URL(request.url, 'http://server.invalid');
  const at = pageAt(url.pathname);
  const queries = at && SERVER_PAGES[at.page];
  if (!at || !queries) return null;

  const store = createStore();
  const preferences = preferencesFromCookies(store, request.cookies);
  const wanted: ServerQuery[] = [...SHELL_QUERIES, ...queries({ hubId: store.get(hubIdAtom), params: at.params })];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const [answers] = await Promise.all([
    Promise.all(
      wanted.map(({ queryKey, path }) =>
        request.load(path).then(
          (data) => {
            queryClient.setQueryData(queryKey, data);
            return data;
          },
          // Not answered here: the page renders it as loading, and the browser asks for it.
          () => undefined,
        ),
      ),
    ),
    preloadPage(PAGES[at.page]),
  ]);

  const key = createHash('sha1')
    .update(JSON.stringify([request.url, preferences, answers]))
    .digest('base64');
  const now = Date.now();
  let page = rendered.get(key);
  if (!page || now - page.at > REUSE_MS) {
    const html = await renderToHtml(
      <StrictMode>
        <App
          router={({ children }) => <StaticRouter location={url.pathname + url.search}>{children}</StaticRouter>}
          store={store}
          queryClient={queryClient}
          renderTime={now}
        />
      </StrictMode>,
    );
    page = { at: now, html, renderTime: now };
    if (rendered.size >= MAX_REUSED) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, page);
  }
  return {
    html: page.html,
    title: documentTitle(url.pathname),
    state: serverState({ queries: dehydrate(queryClient), renderTime: page.renderTime, page: at.page }),
  };
}
