import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Request } from 'express';
import type { ServerRender, ServerRenderResult } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { PageRenderer } from '../common/http/spa.middleware';
import { PageDataService } from './page-data.service';

/** Where `vite build --ssr` puts the frontend's server entry (frontend/vite.config.ts). */
export const SERVER_ENTRY = join('.ssr', 'entry-server.cjs');

/**
 * Renders the public pages in this process with the frontend build's server entry
 * (frontend/src/entry-server.tsx), which caches what it rendered by everything the render read.
 * Without the entry (a build from before it, SERVER_RENDER=false) or when a render fails, the
 * SPA middleware sends the app's shell and the browser renders the page, as before.
 */
@Injectable()
export class ServerPageRenderer extends PageRenderer implements OnApplicationBootstrap {
  private readonly log = new Logger('SSR');
  private entry: { mtimeMs: number; render: ServerRender } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly data: PageDataService,
  ) {
    super();
  }

  /** The entry is loaded with the app (some megabytes of code): the first visitor does not wait for it. */
  onApplicationBootstrap(): void {
    if (this.config.serverRender) this.serverEntry();
  }

  async render(req: Request): Promise<ServerRenderResult | null> {
    const render = this.config.serverRender ? this.serverEntry() : null;
    if (!render) return null;
    try {
      return await render({
        url: req.originalUrl,
        cookies: req.headers.cookie ?? '',
        load: (path) => this.data.load(path, req),
      });
    } catch (error) {
      this.log.warn(`${req.path}: отрисовка на сервере не удалась, страница рисуется в браузере (${String(error)})`);
      return null;
    }
  }

  /** The build's server entry, loaded again only when a rebuild changed it; null without one. */
  private serverEntry(): ServerRender | null {
    const file = join(this.config.frontendDist, SERVER_ENTRY);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (this.entry?.mtimeMs !== mtimeMs) {
      const load = createRequire(__filename);
      // The entry and every chunk of the build: a lazy chunk requires the entry back, and one whose
      // name (content hash) a rebuild kept would otherwise still hold the previous entry's React.
      const folder = dirname(file) + sep;
      for (const cached of Object.keys(load.cache)) if (cached.startsWith(folder)) delete load.cache[cached];
      this.entry = { mtimeMs, render: (load(file) as { render: ServerRender }).render };
    }
    return this.entry.render;
  }
}
