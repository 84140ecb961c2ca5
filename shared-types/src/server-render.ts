/**
 * The frontend's server entry (frontend/src/entry-server.tsx, built by `vite build --ssr` into
 * frontend/dist/.ssr/) as the backend calls it (backend/src/ssr) to render a page's HTML.
 */

/** One page to render. */
export interface ServerRenderRequest {
  /** The address asked: path and query. */
  url: string;
  /** The request's Cookie header ('' without): the consent and hub choice the page shows. */
  cookies: string;
  /**
   * The answer to a GET the page's first render shows — an API path as the browser asks it
   * (`data/market/items?hub=2`) or a static file of the build (`news.json`) — from the server's
   * own services. Rejects when the server does not answer that path for a first render or the
   * answer is an error: the browser then asks for it itself.
   */
  load(path: string): Promise<unknown>;
}

/** A rendered page. */
export interface ServerRenderResult {
  /** The app's markup, the content of `<div id="root">`. */
  html: string;
  /** The document's title. */
  title: string;
  /**
   * What the browser needs to hydrate the markup (the answers the render used, when it was
   * rendered), as JSON safe to put inside a `<script type="application/json">` element.
   */
  state: string;
}

/**
 * Renders a page; null when the address is not rendered on the server (the corporation and
 * admin areas, redirects): the app's shell is sent and the browser renders it.
 */
export type ServerRender = (request: ServerRenderRequest) => Promise<ServerRenderResult | null>;

/** The id of the data block holding ServerRenderResult.state in the page. */
export const SERVER_STATE_ELEMENT_ID = 'ssr-state';
