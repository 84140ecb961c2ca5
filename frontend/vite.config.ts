import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@eve-toolkit/shared-types': fileURLToPath(new URL('../shared-types/src/index.ts', import.meta.url)),
    },
  },
  define: {
    // The spec's {host}: the API base. Same origin by default; VITE_API_BASE=https://api.example/ to override.
    __API_BASE__: JSON.stringify(process.env.VITE_API_BASE ?? '/'),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // shared-types modules are pure declarations: let Rollup place each one (and zod with the
      // feedback schema) in the lazy chunk that uses it instead of the entry chunk.
      treeshake: { moduleSideEffects: (id) => !id.includes('/shared-types/src/') },
      output: {
        // Long-lived vendor chunks: app deploys do not invalidate React/Mantine in browser caches.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return 'vendor-react';
          if (
            /node_modules\/(@mantine\/(core|hooks)|@floating-ui|react-remove-scroll[^/]*|react-number-format|react-textarea-autosize|clsx|use-callback-ref|use-sidecar|get-nonce|react-style-singleton|tslib|detect-node-es)\//.test(
              id,
            )
          )
            return 'vendor-mantine';
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
