#!/usr/bin/env node
/**
 * An independent check of the golden job-tree tests' material quantities
 * (backend/src/industry/domain/job-tree.golden.spec.ts, "hand-checked blueprints"): it shares no
 * code with the app, reads CCP's SDE (JSON Lines) straight from the data folder and applies the
 * material rule of ../shared/docs/game-mechanics.md §1 as the game client states it:
 *
 *   quantity = max(runs, ceil(round2(runs × base × (1 − ME/100) × role × Π(1 + rigBonus/100 × secMult))))
 *
 * role: the engineering complex's strEngMatBonus (attribute 2600); rigBonus: the rig's
 * attributeEngRigMatBonus (2594); secMult: the rig's hiSec/lowSec/nullSec modifier (2355/2356/2357).
 * Which rigs apply is given per case (each case picks a rig for its product's group).
 *
 * Run: node tools/industry-reference/reference.mjs [sde-jsonl folder]   (exit 1 on any difference)
 * It covers the T1 ship and fuel-block cases; the T2 chain, the capital, times and fees of the
 * golden file come from the earlier external run the file's header describes.
 */
import { createReadStream, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const SDE = resolve(process.argv[2] ?? join(here, '..', '..', '..', 'shared', 'eve-data', 'sde-jsonl'));

/** The rows of an SDE file whose _key is in `keys`. */
async function rows(file, keys) {
  const out = new Map();
  const lines = createInterface({ input: createReadStream(join(SDE, file)), crlfDelay: Infinity });
  for await (const line of lines) {
    const key = Number(/"_key":\s*(\d+)/.exec(line)?.[1]);
    if (keys.has(key)) out.set(key, JSON.parse(line));
  }
  return out;
}
const attr = (dogma, id) => dogma.dogmaAttributes.find((a) => a.attributeID === id)?.value;

/** The cases of the golden file, with the quantities it expects. */
const CASES = [
  {
    name: 'T1 ship: 10 Rifters, ME 10, high-sec Raitaru, M-set small ship ME II rig',
    blueprint: 691,
    runs: 10,
    me: 10,
    security: 0.9,
    structure: 35825,
    rigs: [37155],
    expected: { 34: 278278, 35: 52177, 36: 21741, 37: 4349 },
  },
  {
    name: 'T1 ship: 7 Rifters, ME 5, null-sec Azbel, L-set small ship II rig',
    blueprint: 691,
    runs: 7,
    me: 5,
    security: -0.4,
    structure: 35826,
    rigs: [43715],
    expected: { 34: 200055, 35: 37511, 36: 15630, 37: 3126 },
  },
  {
    name: 'fuel blocks: 3 runs of Nitrogen Fuel Blocks, ME 10, low-sec Raitaru, M-set structure ME rig',
    blueprint: 4314,
    runs: 3,
    me: 10,
    security: 0.3,
    structure: 35825,
    rigs: [43875],
    expected: { 9848: 3, 44: 11, 3689: 11, 9832: 24, 16275: 52, 3683: 57, 16272: 438, 16273: 900, 17888: 1158 },
  },
];

if (!existsSync(join(SDE, 'blueprints.jsonl'))) {
  console.error(`No SDE at ${SDE}: give the folder of CCP's JSON Lines SDE`);
  process.exit(2);
}
const blueprints = await rows('blueprints.jsonl', new Set(CASES.map((c) => c.blueprint)));
const dogma = await rows('typeDogma.jsonl', new Set(CASES.flatMap((c) => [c.structure, ...c.rigs])));

const round2 = (x) => Math.round(x * 100) / 100;
let differences = 0;
for (const c of CASES) {
  const role = attr(dogma.get(c.structure), 2600) ?? 1;
  const secAttr = c.security >= 0.45 ? 2355 : c.security > 0 ? 2356 : 2357;
  const rigs = c.rigs.map((id) => 1 + (attr(dogma.get(id), 2594) / 100) * attr(dogma.get(id), secAttr));
  const factor = (1 - c.me / 100) * role * rigs.reduce((a, b) => a * b, 1);
  const got = {};
  for (const m of blueprints.get(c.blueprint).activities.manufacturing.materials) {
    got[m.typeID] = Math.max(c.runs, Math.ceil(round2(c.runs * m.quantity * factor)));
  }
  const same =
    JSON.stringify(Object.entries(got).sort()) ===
    JSON.stringify(
      Object.entries(c.expected)
        .map(([k, v]) => [k, v])
        .sort(),
    );
  if (!same) differences += 1;
  console.log(`${same ? 'ok  ' : 'DIFF'} ${c.name}`);
  if (!same) console.log(`     reference ${JSON.stringify(got)}\n     golden    ${JSON.stringify(c.expected)}`);
}
process.exit(differences ? 1 : 0);
