import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { marketHubQuerySchema, marketItemIdSchema } from '@eve-toolkit/shared-types';
import { AppInfoService } from '../app-info/app-info.service';
import { SessionResolver } from '../common/auth/session-resolver.service';
import { sessionResponse } from '../common/auth/session-user';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { MarketService } from '../market/market.service';

/** A GET a server-rendered page's first render shows, answered by the service its controller calls. */
interface PageDataRoute {
  path: RegExp;
  load(match: RegExpExecArray, query: URLSearchParams, req: Request): Promise<unknown> | unknown;
}

/** Static files of the frontend build a page shows (public/*.json). */
const STATIC_FILES = new Set(['news.json', 'about.json']);

/**
 * The answers a server-rendered page starts with (frontend/src/app/server-pages.ts names them by
 * the GET the browser would send): the same services and validation as the controllers, and
 * their caches (the market list's 10-second micro-cache), so a rendered page costs the database
 * what its API calls would, at most. A path not listed here is not answered: the browser asks.
 */
@Injectable()
export class PageDataService {
  private readonly routes: PageDataRoute[] = [
    { path: /^auth\/get_session$/, load: async (_m, _q, req) => sessionResponse(await this.sessions.resolve(req)) },
    { path: /^api\/client_config$/, load: () => this.appInfo.clientConfig() },
    { path: /^data\/market\/hubs$/, load: () => this.market.hubs() },
    { path: /^data\/market\/items$/, load: (_m, q) => this.market.items(hub(q)) },
    {
      path: /^data\/market\/detail\/([^/]+)$/,
      load: (m, q) => this.market.detail(hub(q), marketItemIdSchema.parse(m[1])),
    },
  ];
  private readonly files = new Map<string, { mtimeMs: number; data: unknown }>();

  constructor(
    private readonly sessions: SessionResolver,
    private readonly appInfo: AppInfoService,
    private readonly market: MarketService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The answer to `path` (with its query) for this request; rejects for a path not answered here or an error. */
  async load(path: string, req: Request): Promise<unknown> {
    const url = new URL(path, 'http://server.invalid/');
    const name = url.pathname.slice(1);
    if (STATIC_FILES.has(name)) return this.staticFile(name);
    for (const route of this.routes) {
      const match = route.path.exec(name);
      if (match) return route.load(match, url.searchParams, req);
    }
    throw new Error(`no first-render answer for ${path}`);
  }

  /** A JSON file of the build, read again only when a rebuild changed it. */
  private async staticFile(name: string): Promise<unknown> {
    const file = join(this.config.frontendDist, name);
    const { mtimeMs } = await stat(file);
    const hit = this.files.get(name);
    if (hit?.mtimeMs === mtimeMs) return hit.data;
    const data = JSON.parse(await readFile(file, 'utf8')) as unknown;
    this.files.set(name, { mtimeMs, data });
    return data;
  }
}

const hub = (query: URLSearchParams) => marketHubQuerySchema.parse(Object.fromEntries(query)).hub;
