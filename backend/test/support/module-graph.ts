/**
 * The module graph of the backend (and the few frontend boundary figures), measured from the
 * source text the same way every time: `npx tsx backend/test/support/module-graph.ts` prints
 * it (`... module-graph.ts <other checkout>` measures another tree the same way);
 * `backend/src/module-boundaries.spec.ts` holds the rules to it. docs/modules.md explains
 * each figure.
 *
 * A "module" is a top-level folder of backend/src (common/ counts as one: the shared layer);
 * files directly under src/ (main.ts, bootstrap.ts, app.module.ts) are the app root.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The checkout measured: this one, or another given as the CLI's argument (e.g. an older commit's tree). */
const REPO = resolve(require.main === module && process.argv[2] ? process.argv[2] : join(__dirname, '../../..'));
const BACKEND_SRC = join(REPO, 'backend/src');
const FRONTEND_SRC = join(REPO, 'frontend/src');
export const ROOT = '(root)';

const isTest = (file: string) => /\.(spec|int-spec|test|e2e|fixtures)\.tsx?$/.test(file) || file.includes(`${sep}test${sep}`);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The module (top-level folder) of a backend source file. */
export function moduleIn(file: string, src = BACKEND_SRC): string {
  const parts = relative(src, file).split(sep);
  return parts.length === 1 ? ROOT : parts[0];
}

interface ImportLine {
  names: string[];
  from: string;
  /** Absolute path without extension for relative imports, else the package name. */
  target: string;
  typeOnly: boolean;
  /** `await import('...')`: loaded only when that code runs. */
  dynamic: boolean;
}

/** Static `import ... from '...'` and `await import('...')` of a file. */
function importsOf(file: string, text: string): ImportLine[] {
  const out: ImportLine[] = [];
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- reads this repository's own sources, never input
  const re = /import\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)'/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const names = [...m[2].matchAll(/\b([A-Za-z_$][\w$]*)\b/g)].map((x) => x[1]).filter((n) => n !== 'type' && n !== 'as');
    out.push({ names, from: m[3], target: target(file, m[3]), typeOnly: !!m[1], dynamic: false });
  }
  for (const m of text.matchAll(/import\(\s*'([^']+)'\s*\)/g)) {
    out.push({ names: [], from: m[1], target: target(file, m[1]), typeOnly: false, dynamic: true });
  }
  return out;
}

function target(file: string, from: string): string {
  return from.startsWith('.') ? resolve(dirname(file), from) : from;
}

/** The module a name used in `file` comes from: its import's module, or the file's own. */
function ownerOfName(file: string, imports: ImportLine[], name: string, moduleOf: (f: string) => string): string {
  const imp = imports.find((i) => i.names.includes(name) && i.from.startsWith('.'));
  return imp ? moduleOf(imp.target + '.ts') : moduleOf(file);
}

/** The `[ ... ]` following `key:` in a @Module({...}) (bracket-matched), or ''. */
function arrayAfter(text: string, key: string, from = 0): string {
  const at = text.indexOf(`${key}:`, from);
  if (at < 0) return '';
  const open = text.indexOf('[', at);
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) return text.slice(open + 1, i);
  }
  return '';
}

export interface Touch {
  /** Collection (mongoose model name or raw collection name). */
  collection: string;
  owner: string;
  module: string;
  file: string;
  how: 'InjectModel' | 'getModelToken' | 'forFeature' | 'raw collection';
}

export interface BackendGraph {
  /** Module classes (@Module) per module folder. */
  modules: { module: string; file: string; name: string; global: boolean }[];
  /** `imports: [...]` of feature modules naming another module of ours: "from -> to". */
  moduleImportArrows: string[];
  /** Distinct "from -> to" pairs of source imports between module folders (root and tests excluded). */
  sourceImportArrows: string[];
  /** Every model / collection access with its owner. */
  touches: Touch[];
  /** Touches outside the owner module. */
  crossTouches: Touch[];
  /** Places (file:line, non-test) that write the corporation filter `corporation_id: { $in` by hand. */
  corpFilterSites: string[];
  /** Non-test files outside demo/ that import the test stand-in @eve-toolkit/fake-esi. */
  fakeEsiImports: string[];
  /** Non-test files outside demo/ that load demo code at module load (a static, non-type import). */
  staticDemoImports: string[];
  /** Non-test files that test for MongoDB's duplicate-key code 11000 themselves. */
  duplicateKeyChecks: string[];
  /** Cycles between module folders (every kind of import counts, types too): one per knot, "a -> b -> a". */
  folderCycles: string[];
  /** Cycles between source files (non-test, every kind of import; paths in src/): one per knot, "a.ts -> b.ts -> a.ts". */
  fileCycles: string[];
}

/**
 * One cycle per strongly connected component (a knot: every node reaches every other) of a
 * directed graph, written "a -> b -> ... -> a": the shortest way from the knot's first node
 * back to itself, followed by the knot's other members when the cycle does not pass them all.
 * Tarjan's algorithm; the graphs are a few hundred nodes.
 */
export function cyclesIn(edges: Map<string, Set<string>>): string[] {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])])].sort();
  const next = (n: string) => [...(edges.get(n) ?? [])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const knots: string[][] = [];
  const visit = (n: string) => {
    index.set(n, index.size);
    low.set(n, index.get(n)!);
    stack.push(n);
    onStack.add(n);
    for (const m of next(n)) {
      if (!index.has(m)) {
        visit(m);
        low.set(n, Math.min(low.get(n)!, low.get(m)!));
      } else if (onStack.has(m)) low.set(n, Math.min(low.get(n)!, index.get(m)!));
    }
    if (low.get(n) === index.get(n)) {
      const knot: string[] = [];
      for (let m = stack.pop()!; ; m = stack.pop()!) {
        onStack.delete(m);
        knot.push(m);
        if (m === n) break;
      }
      if (knot.length > 1 || next(n).includes(n)) knots.push(knot.sort());
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return knots
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map((knot) => {
      const inKnot = new Set(knot);
      const start = knot[0];
      // Breadth-first from start inside the knot until an arrow leads back to start.
      const parent = new Map<string, string>();
      const queue = [start];
      let last: string | undefined;
      while (queue.length && last === undefined) {
        const n = queue.shift()!;
        for (const m of next(n)) {
          if (m === start) {
            last = n;
            break;
          }
          if (inKnot.has(m) && !parent.has(m)) {
            parent.set(m, n);
            queue.push(m);
          }
        }
      }
      const path = [start];
      for (let n = last!; n !== start; n = parent.get(n)!) path.splice(1, 0, n);
      const rest = knot.filter((n) => !path.includes(n));
      return `${[...path, start].join(' -> ')}${rest.length ? ` (in one knot with ${rest.join(', ')})` : ''}`;
    });
}

export function measureBackend(src = BACKEND_SRC): BackendGraph {
  const moduleOf = (file: string) => moduleIn(file, src);
  const rel = (f: string) => relative(REPO, f);
  const files = walk(src).filter((f) => !isTest(f));
  const texts = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
  const imports = new Map(files.map((f) => [f, importsOf(f, texts.get(f)!)]));

  // Owners: the module whose schema file declares the model name constant / the collection.
  const collectionOwner = new Map<string, string>();
  for (const [file, text] of texts) {
    for (const m of text.matchAll(/collection(?:Name)?:\s*'(\w+)'/g)) collectionOwner.set(m[1], moduleOf(file));
  }

  const modules: BackendGraph['modules'] = [];
  const moduleImportArrows = new Set<string>();
  for (const [file, text] of texts) {
    // @Global() on the class, or `global: true` in the dynamic module a static forRoot returns.
    const re = /(@Global\(\)\s*)?@Module\(\s*\{[\s\S]*?\}\s*\)\s*(?:export\s+)?class\s+(\w+)\s*(\{\}|\{[\s\S]*?\n\})/g;
    for (const m of text.matchAll(re)) {
      const global = !!m[1] || /\bglobal:\s*true\b/.test(m[3]);
      modules.push({ module: moduleOf(file), file: relative(REPO, file), name: m[2], global });
    }
    if (!file.endsWith('.module.ts') || moduleOf(file) === ROOT) continue;
    const list = arrayAfter(text, 'imports', text.indexOf('@Module'));
    for (const [, name] of list.matchAll(/\b([A-Z]\w*Module)\b/g)) {
      const imp = imports.get(file)!.find((i) => i.names.includes(name) && i.from.startsWith('.'));
      if (!imp) continue; // Nest's own (MongooseModule ...)
      const to = moduleOf(imp.target + '.ts');
      if (to !== moduleOf(file)) moduleImportArrows.add(`${moduleOf(file)} -> ${to}`);
    }
  }

  const sourceImportArrows = new Set<string>();
  for (const [file, list] of imports) {
    const from = moduleOf(file);
    if (from === ROOT) continue;
    for (const i of list) {
      if (!i.from.startsWith('.')) continue;
      const to = moduleOf(i.target + '.ts');
      if (to !== from && to !== ROOT) sourceImportArrows.add(`${from} -> ${to}`);
    }
  }

  // The file graph: every relative import (types and dynamic ones too) resolved to a source file of src.
  const fileOf = (target: string) =>
    [`${target}.ts`, `${target}.tsx`, join(target, 'index.ts'), target].find((f) => texts.has(f));
  const fileEdges = new Map<string, Set<string>>();
  const folderEdges = new Map<string, Set<string>>();
  for (const [file, list] of imports) {
    for (const i of list) {
      const to = i.from.startsWith('.') ? fileOf(i.target) : undefined;
      if (!to) continue;
      const [f, t] = [relative(src, file), relative(src, to)];
      fileEdges.set(f, (fileEdges.get(f) ?? new Set()).add(t));
      const [a, b] = [moduleOf(file), moduleOf(to)];
      if (a !== b && a !== ROOT && b !== ROOT) folderEdges.set(a, (folderEdges.get(a) ?? new Set()).add(b));
    }
  }

  const touches: Touch[] = [];
  for (const [file, text] of texts) {
    const mod = moduleOf(file);
    const list = imports.get(file)!;
    const model = (expr: string) => {
      const root = expr.trim().split('.')[0];
      return { collection: expr.trim(), owner: ownerOfName(file, list, root, moduleOf) };
    };
    for (const m of text.matchAll(/@InjectModel\(([^)]+)\)/g))
      touches.push({ ...model(m[1]), module: mod, file: relative(REPO, file), how: 'InjectModel' });
    for (const m of text.matchAll(/getModelToken\(([^)]+)\)/g))
      touches.push({ ...model(m[1]), module: mod, file: relative(REPO, file), how: 'getModelToken' });
    for (const m of text.matchAll(/forFeature\(\s*\[([\s\S]*?)\]\s*\)/g))
      for (const n of m[1].matchAll(/name:\s*([\w.]+)/g))
        touches.push({ ...model(n[1]), module: mod, file: relative(REPO, file), how: 'forFeature' });
    for (const m of text.matchAll(/connection\s*\.collection\s*(?:<[^>]*>)?\(\s*'(\w+)'/g))
      touches.push({
        collection: m[1],
        owner: collectionOwner.get(m[1]) ?? mod,
        module: mod,
        file: relative(REPO, file),
        how: 'raw collection',
      });
  }
  const crossTouches = touches.filter((t) => t.owner !== t.module);
  return {
    modules,
    moduleImportArrows: [...moduleImportArrows].sort(),
    sourceImportArrows: [...sourceImportArrows].sort(),
    touches,
    crossTouches,
    corpFilterSites: files.flatMap((f) =>
      texts
        .get(f)!
        .split('\n')
        .flatMap((line, i) => (/corporation_id:\s*\{\s*\$in/.test(line) ? [`${rel(f)}:${i + 1}`] : [])),
    ),
    fakeEsiImports: files
      .filter((f) => moduleOf(f) !== 'demo' && imports.get(f)!.some((i) => i.from === '@eve-toolkit/fake-esi' && !i.typeOnly))
      .map(rel),
    staticDemoImports: files
      .filter(
        (f) =>
          moduleOf(f) !== 'demo' &&
          imports
            .get(f)!
            .some((i) => i.from.startsWith('.') && !i.typeOnly && !i.dynamic && moduleOf(i.target + '.ts') === 'demo'),
      )
      .map(rel),
    // eslint-disable-next-line regexp/no-super-linear-backtracking -- this repository's own sources, never input
    duplicateKeyChecks: files.filter((f) => /code\s*\)?\s*[!=]==\s*11000/.test(texts.get(f)!)).map(rel),
    folderCycles: cyclesIn(folderEdges),
    fileCycles: cyclesIn(fileEdges),
  };
}

export interface FrontendGraph {
  /** Feature files importing another feature's code: "from -> to (file)". */
  crossFeatureImports: string[];
  /** Files that render a select widget of their own for the hub choice (a select beside the hub atom). */
  hubSelectors: string[];
  /** Test files that define their own industry tree node (JobNode) builder (a function of a Partial<JobNode>). */
  jobNodeFixtures: string[];
}

export function measureFrontend(src = FRONTEND_SRC): FrontendGraph {
  const files = walk(src);
  const feature = (f: string) => {
    const parts = relative(src, f).split(sep);
    return parts[0] === 'features' ? parts[1] : null;
  };
  const crossFeatureImports: string[] = [];
  const hubSelectors: string[] = [];
  const jobNodeFixtures: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const from = feature(file);
    if (from)
      for (const i of importsOf(file, text)) {
        const to = i.from.startsWith('.') ? feature(i.target + '.ts') : null;
        if (to && to !== from) crossFeatureImports.push(`${from} -> ${to} (${relative(REPO, file)})`);
      }
    if (!isTest(file) && /<(Native)?Select\b/.test(text) && /\bhubIdAtom\b/.test(text)) hubSelectors.push(relative(REPO, file));
    if (isTest(file) && /function \w+\(\w+: Partial<JobNode>/.test(text)) jobNodeFixtures.push(relative(REPO, file));
  }
  for (const file of walk(join(REPO, 'shared-types/src')).filter(isTest)) {
    if (/function \w+\(\w+: Partial<JobNode>/.test(readFileSync(file, 'utf8'))) jobNodeFixtures.push(relative(REPO, file));
  }
  return { crossFeatureImports, hubSelectors, jobNodeFixtures };
}

function print(): void {
  const b = measureBackend();
  const f = measureFrontend();
  const globals = b.modules.filter((m) => m.global);
  const byCollection = new Map<string, Touch[]>();
  for (const t of b.crossTouches) byCollection.set(t.collection, [...(byCollection.get(t.collection) ?? []), t]);
  const lines = [
    `Nest modules: ${b.modules.length} (${b.modules.map((m) => m.name).join(', ')})`,
    `@Global modules: ${globals.length}: feature ${globals.filter((m) => m.module !== 'common' && m.module !== ROOT).length}, common/ ${globals.filter((m) => m.module === 'common').length}, app root ${globals.filter((m) => m.module === ROOT).length} (${globals.map((m) => `${m.name} [${m.module}]`).join(', ')})`,
    `module import arrows (Nest imports between our modules): ${b.moduleImportArrows.length}`,
    ...b.moduleImportArrows.map((a) => `  ${a}`),
    `source import arrows between module folders: ${b.sourceImportArrows.length}; from common/ to a feature: ${b.sourceImportArrows.filter((a) => a.startsWith('common ->')).length}`,
    ...b.sourceImportArrows.map((a) => `  ${a}`),
    `model/collection accesses: ${b.touches.length}; outside the owner module: ${b.crossTouches.length} in ${new Set(b.crossTouches.map((t) => t.file)).size} files of ${new Set(b.crossTouches.map((t) => t.module)).size} modules`,
    ...[...byCollection].map(
      ([c, ts]) =>
        `  ${c} (owner ${ts[0].owner}): ${ts.map((t) => `${t.file.replace('backend/src/', '')} [${t.how}]`).join(', ')}`,
    ),
    `corporation filter written by hand: ${b.corpFilterSites.length} places (${b.corpFilterSites.join(', ')})`,
    `runtime imports of @eve-toolkit/fake-esi outside demo/: ${b.fakeEsiImports.length} (${b.fakeEsiImports.join(', ')})`,
    `static imports of demo/ from outside it: ${b.staticDemoImports.length} (${b.staticDemoImports.join(', ')})`,
    `duplicate-key (11000) checks: ${b.duplicateKeyChecks.length} files (${b.duplicateKeyChecks.join(', ')})`,
    `folder cycles: ${b.folderCycles.length}`,
    ...b.folderCycles.map((c) => `  ${c}`),
    `file cycles: ${b.fileCycles.length}`,
    ...b.fileCycles.map((c) => `  ${c}`),
    `frontend cross-feature imports: ${f.crossFeatureImports.length}`,
    ...f.crossFeatureImports.map((a) => `  ${a}`),
    `frontend hub selectors: ${f.hubSelectors.length} (${f.hubSelectors.join(', ')})`,
    `test files with their own JobNode builder: ${f.jobNodeFixtures.length} (${f.jobNodeFixtures.join(', ')})`,
  ];
  console.log(lines.join('\n'));
}

if (require.main === module) print();
