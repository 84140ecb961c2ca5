import type { DehydratedState } from '@tanstack/react-query';
import { SERVER_STATE_ELEMENT_ID } from '@eve-toolkit/shared-types';

/** What a server-rendered page carries for its hydration (in `<script type="application/json">`). */
export interface ServerState {
  /** The answers the server's render used, for the browser's query cache. */
  queries: DehydratedState;
  /** When the server rendered the markup (ms): the page's clock while it hydrates. */
  renderTime: number;
  /**
   * The page the server rendered (its full path pattern in PAGES): the browser loads its module
   * without matching the route table first (a long part of a phone's start-up).
   */
  page: string;
}

/** The state as JSON that cannot end its element or open a comment there (`<` escaped). */
export function serverState(state: ServerState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** The server's state in this page; null when the server did not render it. */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}
