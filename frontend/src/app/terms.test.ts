/**
 * The site's terms, spelt one way (issue 37). The spec's button reads «Расчет цен» (spec strings
 * are requirements), so every «расчет» of the site is written as the spec writes it, without «ё».
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const REPO = resolve(__dirname, '..', '..', '..');
const ROOTS = ['frontend/src', 'frontend/public', 'frontend/index.html', 'shared-types/src', 'backend/src'];

function files(path: string): string[] {
  const full = join(REPO, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => (name === 'node_modules' || name === 'dist' ? [] : files(join(path, name))));
}

it('«Расчет» is spelt as the spec spells it (no «ё») in every text of the site', () => {
  const found = ROOTS.flatMap(files)
    .filter((f) => /\.(tsx?|json|html|js|md)$/.test(f) && !f.endsWith('terms.test.ts'))
    .filter((f) => /[Рр]асчёт/.test(readFileSync(join(REPO, f), 'utf8')))
    .map((f) => relative('.', f));
  expect(found).toEqual([]);
});
