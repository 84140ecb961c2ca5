/**
 * Which JavaScript a long task ran, from the V8 sampling profile in a DevTools trace (category
 * `disabled-by-default-v8.cpu_profiler`): the functions the samples inside the task were in, by
 * name and source line through the build's source maps when it has them (`npx vite build
 * --sourcemap`), else by the minified name and file. Used by long-tasks.bench.ts (LT_PROFILE=1).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}
export interface ProfileEvent {
  name: string;
  pid: number;
  args?: {
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** The samples of one renderer process: when (trace µs) and in which profile node. */
export interface Samples {
  at: { ts: number; node: number }[];
  nodes: Map<number, ProfileNode>;
}

export function samplesOf(events: readonly ProfileEvent[], pid: number): Samples {
  const nodes = new Map<number, ProfileNode>();
  const at: Samples['at'] = [];
  let ts = 0;
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile') ts = e.args?.data?.startTime ?? ts;
    if (e.name !== 'ProfileChunk') continue;
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((node, i) => {
      ts += deltas[i] ?? 0;
      at.push({ ts, node });
    });
  }
  return { at, nodes };
}

/** Names a call frame by its original source (source maps in `assets`), else its file. */
export function frameNamer(assets: string): (frame: CallFrame) => string {
  const maps = new Map<string, TraceMap | null>();
  return ({ functionName, url, lineNumber, columnNumber }) => {
    if (!url) return `(${functionName || 'native'})`;
    const file = url.split('/').pop()!.split('?')[0];
    if (!maps.has(file)) {
      const map = join(assets, `${file}.map`);
      maps.set(file, existsSync(map) ? new TraceMap(readFileSync(map, 'utf8')) : null);
    }
    const map = maps.get(file);
    if (!map) return `${functionName || '(anonymous)'} ${file}`;
    const p = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
    const source = (p.source ?? file).replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
    return `${p.name ?? (functionName || '(anonymous)')} ${source}:${p.line ?? '?'}`;
  };
}

/**
 * The task's samples by the function they were in (self), and by the nearest frame of the app's
 * own code up the stack (what of ours asked for that work), most samples first.
 */
export function profileOfTask(
  samples: Samples,
  task: { ts: number; dur: number },
  name: (frame: CallFrame) => string,
  top = 5,
): { self: string; ours: string } {
  const self = new Map<string, number>();
  const ours = new Map<string, number>();
  for (const s of samples.at) {
    if (s.ts < task.ts || s.ts > task.ts + task.dur) continue;
    const node = samples.nodes.get(s.node);
    if (!node) continue;
    const leaf = name(node.callFrame);
    self.set(leaf, (self.get(leaf) ?? 0) + 1);
    for (let n: ProfileNode | undefined = node; n; n = n.parent === undefined ? undefined : samples.nodes.get(n.parent)) {
      const named = n.callFrame.url ? name(n.callFrame) : '';
      if (named.includes(' src/')) {
        ours.set(named, (ours.get(named) ?? 0) + 1);
        break;
      }
    }
  }
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `${k} ×${v}`)
      .join(' | ');
  return { self: list(self), ours: list(ours) };
}
