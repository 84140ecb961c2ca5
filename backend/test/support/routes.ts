/**
 * The routes Nest actually registered on Express (method and path pattern), read from the router
 * itself: what the authorization matrix is checked against, so that a new route without a row
 * fails the matrix.
 */
import type { RunningApp } from '../../src/bootstrap';

export interface RegisteredRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The pattern as registered, e.g. `/auth/corp/projects/:id`. */
  path: string;
  /** Whether a concrete path (no query string) reaches this route. */
  matches(path: string): boolean;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  match(path: string): unknown;
}

export function registeredRoutes(running: RunningApp): RegisteredRoute[] {
  const express = running.app.getHttpAdapter().getInstance() as unknown as {
    router?: { stack: Layer[] };
    _router?: { stack: Layer[] };
  };
  const stack = (express.router ?? express._router)?.stack ?? [];
  return stack
    .filter((layer): layer is Layer & { route: NonNullable<Layer['route']> } => !!layer.route)
    .flatMap((layer) =>
      Object.keys(layer.route.methods)
        .filter((m) => m !== '_all')
        .map((method) => ({
          method: method as RegisteredRoute['method'],
          path: layer.route.path,
          matches: (path: string) => !!layer.match(path),
        })),
    );
}

/** `GET /auth/corp/projects/:id` */
export const routeName = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;
