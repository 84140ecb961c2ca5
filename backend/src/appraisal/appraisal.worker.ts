/**
 * The appraisal worker thread (started by AppraisalReader): the same pure reader as the app's own
 * thread (`appraisePart` of shared-types) over its own copy of the name index (key -> { id }),
 * answering one half of a large paste at a time. It runs compiled beside the build's reader, and
 * from source (through backend/register-ts.cjs) when the app does (tests, tsx).
 */
import { parentPort } from 'node:worker_threads';
import { appraisePart, type UnknownLine } from '@eve-toolkit/shared-types';

/** The game data's name index as the worker gets it: name keys and, at the same places, type ids. */
export interface NamesMessage {
  names: { keys: string[]; ids: Int32Array };
}

export interface PartRequest {
  id: number;
  text: string;
  options: { killmail: boolean; survey: boolean; firstLine: number };
}

/** A half read by the worker: per type, id, quantity, 1 for a blueprint copy and the copies' runs or −1 (flat, transferred). */
export interface PartAnswer {
  id: number;
  items: Float64Array;
  errors: string[];
  dropped: number;
  unknown: UnknownLine[];
}

/** Names loaded: the answer to a NamesMessage. */
export interface LoadedAnswer {
  loaded: true;
}

const port = parentPort;
if (port) {
  let names = new Map<string, { id: number }>();
  port.on('message', (m: NamesMessage | PartRequest) => {
    if ('names' in m) {
      names = new Map();
      const types = new Map<number, { id: number }>();
      for (let i = 0; i < m.names.keys.length; i++) {
        const id = m.names.ids[i];
        let type = types.get(id);
        if (!type) types.set(id, (type = { id }));
        names.set(m.names.keys[i], type);
      }
      port.postMessage({ loaded: true } satisfies LoadedAnswer);
      return;
    }
    const part = appraisePart(m.text, (key) => names.get(key), m.options);
    const items = new Float64Array(part.items.length * 4);
    part.items.forEach((it, i) => {
      items[4 * i] = it.type.id;
      items[4 * i + 1] = it.quantity;
      items[4 * i + 2] = it.bpc ? 1 : 0;
      items[4 * i + 3] = it.runs === null ? -1 : it.runs;
    });
    const answer: PartAnswer = { id: m.id, items, errors: part.errors, dropped: part.dropped, unknown: part.unknown };
    port.postMessage(answer, [items.buffer]);
  });
}
