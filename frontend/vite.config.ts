import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type ConfigEnv, type Plugin, type Rollup, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

/** The browser's build (`vite build`), not the server entry's (`vite build --ssr`). */
const clientBuild = (_config: UserConfig, env: ConfigEnv) => env.command === 'build' && !env.isSsrBuild;

/**
 * Writes dist/.vite/modules.json: which output chunk holds each source module. The first-load
 * check (scripts/check-first-load.mjs) needs it, because Rollup may merge a page into another
 * chunk, where the Vite manifest no longer names it.
 */
function moduleMap(): Plugin {
  return {
    name: 'module-map',
    apply: clientBuild,
    generateBundle(_options, bundle) {
      const root = fileURLToPath(new URL('.', import.meta.url));
      const map: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of Object.keys(chunk.modules)) if (id.startsWith(root)) map[id.slice(root.length)] = chunk.fileName;
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(map, null, 1) });
    },
  };
}

/**
 * Mantine's ScrollArea (inside every Table and Modal) imports only `useMergeRefs` from
 * @floating-ui/react, and with it came the whole positioning library (~15 KB gzipped) into every
 * page with a table. Its import is answered by a one-line shim over @mantine/hooks' useMergedRef;
 * popovers, tooltips and menus still import the real @floating-ui/react.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const shim = fileURLToPath(new URL('./src/shims/scroll-area-merge-refs.ts', import.meta.url));
  return {
    name: 'scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '@floating-ui/react' &&
        importer &&
        /@mantine\/core\/esm\/components\/ScrollArea\/ScrollArea\.mjs$/.test(importer)
      )
        return shim;
      return null;
    },
  };
}

/**
 * Mantine's stylesheet per component instead of the whole ~290 KB (38 KB gzipped) in the first,
 * render-blocking request. Every Mantine component's class map (`X.module.mjs`) is given the import
 * of its own stylesheet (`@mantine/core/styles/X.layer.css`), so each component's CSS travels with
 * its JavaScript, in the same chunk: the entry's CSS holds what the header and the common pieces
 * use, a page's chunk brings its own (Select, Table, …) when it loads. The import is appended, so a
 * component's dependencies' CSS comes first (Mantine's required order). The whole-stylesheet import
 * in main.tsx is answered by the three global sheets (baseline, CSS variables, global classes).
 * Every Mantine sheet is in the `mantine` cascade layer: the app's own CSS (unlayered) wins over it
 * whatever the order in which chunks load. `vite dev` keeps the whole stylesheet.
 */
function mantineCssPerComponent(): Plugin {
  const styles = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles', '/');
  const base = fileURLToPath(new URL('./src/app/mantine-base.css', import.meta.url));
  return {
    name: 'mantine-css-per-component',
    apply: clientBuild,
    enforce: 'pre',
    resolveId(source) {
      return source === '@mantine/core/styles.layer.css' ? base : null;
    },
    transform(code, id) {
      const m = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/.exec(id);
      if (!m) return null;
      const sheet = `${styles}${m[1]}.layer.css`;
      if (!existsSync(sheet)) this.error(`no stylesheet ${sheet} for Mantine's ${m[1]}`);
      return { code: `${code}\nimport ${JSON.stringify(sheet)};\n`, map: null };
    },
  };
}

/**
 * Writes dist/.vite/page-preloads.json: for every page of src/app/pages.ts, its address pattern (as
 * a regular expression; none for `*`, any other address) and the scripts and stylesheets the page
 * needs beyond what index.html already loads: the chunks main.tsx imports (React, the app) and the
 * page's. The server names them in index.html as preload
 * hints for the address asked (backend/src/common/http/spa.middleware.ts): the page's chunk then
 * downloads beside the app's entry, instead of after the entry has downloaded and run.
 */
function pagePreloads(): Plugin {
  const pagesFile = fileURLToPath(new URL('./src/app/pages.ts', import.meta.url));
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patternRegex = (pattern: string) =>
    pattern === '*'
      ? null
      : `^${pattern
          .split('/')
          .filter(Boolean)
          .map((part) => (part.startsWith(':') ? '/[^/]+' : `/${escape(part)}`))
          .join('')}/?$`;
  return {
    name: 'page-preloads',
    apply: clientBuild,
    async generateBundle(_options, bundle) {
      const source = readFileSync(pagesFile, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      const pages = [...source.matchAll(/'([^']+)':\s*\(\)\s*=>\s*import\('([^']+)'\)/g)];
      if (pages.length === 0 || pages.length !== (source.match(/import\(/g) ?? []).length)
        this.error(`page-preloads: every import() of ${pagesFile} must be one "'pattern': () => import('module')" entry`);
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (chunk: Rollup.OutputChunk, seen = new Set<string>()) => {
        if (seen.has(chunk.fileName)) return seen;
        seen.add(chunk.fileName);
        for (const file of chunk.imports) closure(byFile.get(file)!, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) this.error('page-preloads: no entry chunk');
      const initial = closure(entry);
      // What main.tsx itself imports dynamically (React, then the app, each evaluated in a task of
      // its own): every page needs it.
      const boot = new Set<string>();
      const main = entry.moduleIds.find((id) => id.endsWith('/src/main.tsx'));
      if (!main) this.error('page-preloads: the entry chunk does not hold src/main.tsx');
      for (const id of this.getModuleInfo(main)?.dynamicallyImportedIds ?? []) {
        const chunk = chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) this.error(`page-preloads: no chunk holds ${id}, which main.tsx imports`);
        for (const file of closure(chunk)) if (!initial.has(file)) boot.add(file);
      }
      const css = (files: Iterable<string>) =>
        [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
      const initialCss = new Set(css(initial));
      const bootCss = [...new Set(css(boot))].filter((file) => !initialCss.has(file));
      const result = [];
      for (const [, pattern, specifier] of pages) {
        const resolved = await this.resolve(specifier, pagesFile);
        const chunk = resolved && chunks.find((c) => c.moduleIds.includes(resolved.id));
        if (!chunk) this.error(`page-preloads: no chunk holds ${specifier} (${pattern})`);
        const files = [...closure(chunk)].filter((file) => !initial.has(file) && !boot.has(file));
        result.push({
          pattern,
          regex: patternRegex(pattern),
          js: [...boot, ...files],
          css: [...bootCss, ...[...new Set(css(files))].filter((file) => !initialCss.has(file) && !bootCss.includes(file))],
        });
      }
      this.emitFile({ type: 'asset', fileName: '.vite/page-preloads.json', source: JSON.stringify(result, null, 1) });
      // The first-load check counts them with every page.
      this.emitFile({ type: 'asset', fileName: '.vite/boot.json', source: JSON.stringify([...boot], null, 1) });
    },
  };
}

/**
 * Writes each asset's brotli (quality 11) and gzip (level 9) copy beside it (`x.js.br`, `x.js.gz`):
 * the server sends them as they are (backend/src/common/http/spa.middleware.ts) instead of
 * compressing every answer at the fast settings. On the first load's scripts brotli 11 is ~15 %
 * smaller than the on-the-fly brotli 4 (entry + React: 131 -> 113 KB), ~0.1 s less on a phone's 4G.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: clientBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir, 'assets');
    },
    writeBundle() {
      for (const name of readdirSync(outDir)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = join(outDir, name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The server entry's build (`vite build --ssr src/entry-server.tsx`): CommonJS the backend
 * requires (dist/.ssr/entry-server.cjs; a dot folder, never served as a static file), with every
 * dependency inside it, so the server renders with exactly the code the browser runs. Lazy parts
 * stay chunks of their own (`*-[hash].cjs`, `require`d when a render first needs them): loading
 * the entry does not evaluate every page's code. Each chunk requires the entry back: the backend
 * reloads the whole folder after a rebuild (backend/src/ssr/server-page-renderer.ts).
 */
const ssrBuild: UserConfig['build'] = {
  outDir: 'dist/.ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  target: 'node20',
  minify: false,
  rollupOptions: {
    output: { format: 'cjs', entryFileNames: 'entry-server.cjs', chunkFileNames: '[name]-[hash].cjs' },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  // React and the rest in their production builds, whatever NODE_ENV the server runs with.
  ...(isSsrBuild ? { ssr: { noExternal: true, target: 'node' as const } } : {}),
  plugins: [react(), moduleMap(), scrollAreaWithoutFloatingUi(), mantineCssPerComponent(), pagePreloads(), precompress()],
  resolve: {
    alias: [
      {
        find: /^@eve-toolkit\/shared-types\/schemas$/,
        replacement: fileURLToPath(new URL('../shared-types/src/schemas.ts', import.meta.url)),
      },
      {
        find: /^@eve-toolkit\/shared-types$/,
        replacement: fileURLToPath(new URL('../shared-types/src/index.ts', import.meta.url)),
      },
    ],
  },
  define: {
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
    // The spec's {host}: the API base. Same origin by default; VITE_API_BASE=https://api.example/ to override.
    __API_BASE__: JSON.stringify(process.env.VITE_API_BASE ?? '/'),
  },
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: 'dist',
        manifest: true,
        emptyOutDir: true,
        target: 'es2022',
        chunkSizeWarningLimit: 600,
        // Every browser the app supports (es2022) knows <link rel="modulepreload">.
        modulePreload: {
          polyfill: false,
          // A page's lazy part (the calculator, the planner, the splitter: LaterSuspense) is not
          // given its scripts as preload links: Vite's helper added one <link> per file to the
          // document (30-40 for the calculator) in the task that mounts the part, one of the
          // longest of a phone's start-up. Rollup names every file the part needs in its first
          // lines (hoisted imports), so the browser asks for them all at once when it arrives.
          // Stylesheets are still added by the helper; pages themselves keep their preloads.
          resolveDependencies: (_file, deps, { hostId, hostType }) =>
            hostType === 'js' && /(^|\/)[\w-]+-page-[\w-]+\.js$/.test(hostId) ? [] : deps,
        },
        rollupOptions: {
          // shared-types modules are pure declarations: let Rollup place each one (and zod with the
          // feedback schema) in the lazy chunk that uses it instead of the entry chunk.
          treeshake: { moduleSideEffects: (id) => !id.includes('/shared-types/src/') },
          output: {
            // Shared modules of a few hundred bytes each (Mantine's Input, CloseButton, hooks…) were
            // each their own chunk: a page asked for 20-40 files, and on a phone's connection the
            // round trips, not the bytes, set when it could paint. Rollup merges chunks under this
            // size into a chunk that is loaded with them anyway (never into one loaded without them).
            experimentalMinChunkSize: 8_000,
            // The chunk holding the app (start.tsx, imported by main.tsx) is called «app», whichever
            // page's small chunk Rollup merged it with.
            chunkFileNames: (chunk) =>
              chunk.moduleIds.some((id) => id.endsWith('/src/app/start.tsx'))
                ? 'assets/app-[hash].js'
                : 'assets/[name]-[hash].js',
            // A long-lived vendor chunk: app deploys do not invalidate React in browser caches. Mantine
            // is left to Rollup on purpose: components used by one lazy page then load with that page
            // instead of with every first render (first-load budget: scripts/check-first-load.mjs).
            manualChunks(id) {
              if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return 'vendor-react';
              return undefined;
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/auth': backend,
      '/data': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  preview: { port: 4173 },
}));
