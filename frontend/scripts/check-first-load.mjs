#!/usr/bin/env node
/**
 * First-load budget: for every page, the gzipped JavaScript the browser must fetch before that
 * page is interactive — before it can hydrate the server's HTML (the public pages, rendered on
 * the server: their text paints before any script) or render itself (the others) — the entry
 * chunks, the page's own chunk and everything both import statically; lazy imports such as
 * charts are left out. Prints a table and fails above the budget.
 *   node scripts/check-first-load.mjs [--budget-kb 172]
 */
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.env.FIRST_LOAD_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const args = process.argv.slice(2);
const budgetKb = Number(args[args.indexOf('--budget-kb') + 1] || process.env.FIRST_LOAD_BUDGET_KB || 172);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gz = new Map();
const gzipped = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};

const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
/** Which chunk holds each source module (written by the module-map plugin in vite.config.ts). */
const modules = JSON.parse(readFileSync(join(dist, '.vite', 'modules.json'), 'utf8'));

/** The chunk's file plus every chunk it imports statically, transitively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imp of chunk.imports ?? []) closure(imp, seen);
  return seen;
}

const entryKeys = Object.keys(manifest).filter((k) => manifest[k].isEntry);
const boot = JSON.parse(readFileSync(join(dist, '.vite', 'boot.json'), 'utf8')).map((file) => {
  const k = byFile.get(file);
  if (!k) throw new Error(`boot chunk ${file} is not in the Vite manifest`);
  return k;
});
if (entryKeys.length === 0) throw new Error('no entry chunk in the Vite manifest');
// Every page module, wherever Rollup put it (its own chunk, or merged into another one).
const pages = Object.keys(modules).filter((id) => /^src\/.*\/pages\/[^/]+-page\.tsx$/.test(id));
if (pages.length === 0) throw new Error('no page modules found (expected src/**/pages/*-page.tsx)');

const rows = pages
  .map((page) => {
    const key = byFile.get(modules[page]);
    if (!key) throw new Error(`page ${page} is in ${modules[page]}, which the manifest does not list`);
    // The entry, the chunks main.tsx always imports (React, then the app: vite.config.ts writes
    // them to .vite/boot.json) and the page, with everything they import statically.
    const files = [...entryKeys, ...boot].reduce((seen, k) => closure(k, seen), closure(key));
    const bytes = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipped(f), 0);
    return { page: page.replace(/^src\//, ''), kb: bytes / 1024 };
  })
  .sort((a, b) => b.kb - a.kb);

const width = Math.max(...rows.map((r) => r.page.length));
console.log(`JavaScript before each page is interactive (gzip), budget ${budgetKb} KB:`);
for (const r of rows)
  console.log(`  ${r.page.padEnd(width)}  ${r.kb.toFixed(1).padStart(6)} KB${r.kb > budgetKb ? '  OVER BUDGET' : ''}`);
const over = rows.filter((r) => r.kb > budgetKb);
if (over.length) {
  console.error(`First-load budget exceeded by ${over.length} page(s): keep heavy code (charts, forms, sockets) in lazy chunks.`);
  process.exit(1);
}
console.log(`Largest first load: ${rows[0].kb.toFixed(1)} KB (${rows[0].page}) — within ${budgetKb} KB.`);
