import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

/**
 * Writes dist/.vite/modules.json: which output chunk holds each source module. The first-load
 * check (scripts/check-first-load.mjs) needs it, because Rollup may merge a page into another
 * chunk, where the Vite manifest no longer names it.
 */
function moduleMap(): Plugin {
  return {
    name: 'module-map',
    apply: 'build',
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

export default defineConfig({
  plugins: [react(), moduleMap(), scrollAreaWithoutFloatingUi()],
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
    // The spec's {host}: the API base. Same origin by default; VITE_API_BASE=https://api.example/ to override.
    __API_BASE__: JSON.stringify(process.env.VITE_API_BASE ?? '/'),
  },
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // Every browser the app supports (es2022) knows <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // shared-types modules are pure declarations: let Rollup place each one (and zod with the
      // feedback schema) in the lazy chunk that uses it instead of the entry chunk.
      treeshake: { moduleSideEffects: (id) => !id.includes('/shared-types/src/') },
      output: {
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
});
