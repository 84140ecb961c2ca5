#!/usr/bin/env node
/**
 * An independent check of the golden industry quantities
 * (backend/src/industry/domain/golden-quantities.json, asserted by job-tree.golden.spec.ts and
 * invention.golden.spec.ts): it shares no code with the app, reads CCP's SDE (JSON Lines) straight
 * from the files and applies the game's rules as the client states them.
 *
 * Manufacturing materials:
 *
 *   quantity = max(runs, ceil(round2(runs × base × (1 − ME/100) × role × Π(1 + rigBonus/100 × secMult))))
 *
 * role: the engineering complex's strEngMatBonus (attribute 2600); rigBonus: the rig's
 * attributeEngRigMatBonus (2594); secMult: the rig's hiSec/lowSec/nullSec modifier (2355/2356/2357).
 * Which rigs apply is given per case (each case picks a rig for its product's group).
 *
 * Invention (from the blueprint that invents the T2 one, skills V):
 *
 *   chance = base × (1 + (science₁ + science₂)/30 + encryption/40) × decryptor (attribute 1112)
 *   runs per copy = the invention product's quantity + decryptor runs (1124); ME 2 + (1113); TE 4 + (1114)
 *   datacores = per attempt × attempts; decryptors: one per attempt
 *   time = attempts × base × (1 − 3 % × Advanced Industry) × structure (2602) × Π(1 + rigTime (2593)/100 × secMult)
 *
 * (the rigs and structures whose bonus reaches invention time: the rows `invention,time` of CCP's
 * industry modifier table, shipped as data in backend/data/sde-industry/rigIndustryModifierSources.csv)
 *
 * Run: node tools/industry-reference/reference.mjs [sde-jsonl folder]   (exit 1 on any difference)
 * The default folder is the repository's SDE subset (tools/sde-subset/data/sde-jsonl); any folder
 * of CCP's JSON Lines files works. The T2 chain, the capital, manufacturing times and fees of the
 * golden spec come from the earlier external run its header describes.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const REPO = join(here, '..', '..');
const SDE = resolve(process.argv[2] ?? join(REPO, 'tools', 'sde-subset', 'data', 'sde-jsonl'));
const GOLDEN = JSON.parse(readFileSync(join(REPO, 'backend', 'src', 'industry', 'domain', 'golden-quantities.json'), 'utf8'));

/** The rows of an SDE file whose _key passes `keep` (all rows without it). */
async function rows(file, keep = () => true) {
  const out = new Map();
  const lines = createInterface({ input: createReadStream(join(SDE, file)), crlfDelay: Infinity });
  for await (const line of lines) {
    const key = Number(/"_key":\s*(\d+)/.exec(line)?.[1]);
    if (keep(key)) out.set(key, JSON.parse(line));
  }
  return out;
}
const attr = (dogma, id) => dogma?.dogmaAttributes.find((a) => a.attributeID === id)?.value;
const secAttr = (security) => (security >= 0.45 ? 2355 : security > 0 ? 2356 : 2357);
const round2 = (x) => Math.round(x * 100) / 100;

if (!existsSync(join(SDE, 'blueprints.jsonl'))) {
  console.error(`No SDE at ${SDE}: give the folder of CCP's JSON Lines SDE`);
  process.exit(2);
}
const blueprints = await rows('blueprints.jsonl');
const dogma = await rows('typeDogma.jsonl');
const types = await rows('types.jsonl');
/** `rigTypeID,activityKey,bonusType` of every row of CCP's industry modifier table. */
const modifiers = new Set(
  readFileSync(join(REPO, 'backend', 'data', 'sde-industry', 'rigIndustryModifierSources.csv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').slice(0, 3).join(',')),
);
const reaches = (typeId, activity, bonus) => modifiers.has(`${typeId},${activity},${bonus}`);

let differences = 0;
function report(name, got, expected) {
  const same = JSON.stringify(got) === JSON.stringify(expected);
  if (!same) differences += 1;
  console.log(`${same ? 'ok  ' : 'DIFF'} ${name}`);
  if (!same) console.log(`     reference ${JSON.stringify(got)}\n     golden    ${JSON.stringify(expected)}`);
}

for (const c of GOLDEN.manufacturing) {
  const bp = blueprints.get(c.blueprint).activities.manufacturing;
  const perRun = bp.products[0].quantity;
  const runs = Math.ceil(c.quantity / perRun);
  const role = attr(dogma.get(c.structure), 2600) ?? 1;
  const rigs = c.rigs.map((id) => 1 + (attr(dogma.get(id), 2594) / 100) * attr(dogma.get(id), secAttr(c.security)));
  const factor = (1 - c.me / 100) * role * rigs.reduce((a, b) => a * b, 1);
  const materials = bp.materials.map((m) => [m.typeID, Math.max(runs, Math.ceil(round2(runs * m.quantity * factor)))]);
  const sort = (list) => [...list].sort((a, b) => a[0] - b[0]);
  report(
    `manufacturing: ${c.name}`,
    { product: bp.products[0].typeID, runs, materials: sort(materials) },
    { product: c.product, runs: c.runs, materials: sort(c.materials) },
  );
}

const SKILL_V = 5;
/** Advanced Industry: −3 % science and manufacturing job time per level. */
const ADVANCED_INDUSTRY_PER_LEVEL = 0.03;
for (const c of GOLDEN.invention) {
  const [sourceId, source] = [...blueprints].find(([, b]) =>
    b.activities.invention?.products?.some((p) => p.typeID === c.blueprint),
  );
  const invention = source.activities.invention;
  const product = invention.products.find((p) => p.typeID === c.blueprint);
  // The encryption skill is the one of the three named «… Encryption Methods»; the others are sciences.
  const skills = invention.skills.map((s) => types.get(s.typeID).name.en);
  const encryption = skills.filter((n) => n.endsWith('Encryption Methods')).length;
  const sciences = skills.length - encryption;
  const d = c.decryptor === null ? null : dogma.get(c.decryptor);
  const chance = product.probability * (1 + (sciences * SKILL_V) / 30 + (encryption * SKILL_V) / 40) * (d ? attr(d, 1112) : 1);
  const structureTime =
    c.structure !== undefined && reaches(c.structure, 'invention', 'time') ? attr(dogma.get(c.structure), 2602) : 1;
  const rigTime = (c.rigs ?? [])
    .filter((id) => reaches(id, 'invention', 'time'))
    .map((id) => 1 + (attr(dogma.get(id), 2593) / 100) * attr(dogma.get(id), secAttr(c.security)))
    .reduce((a, b) => a * b, 1);
  const time = Math.round(c.runs * invention.time * (1 - ADVANCED_INDUSTRY_PER_LEVEL * SKILL_V) * structureTime * rigTime);
  const materials = invention.materials.map((m) => [m.typeID, m.quantity * c.runs]);
  if (d) materials.push([c.decryptor, c.runs]);
  report(
    `invention from ${sourceId}: ${c.name}`,
    {
      chancePercent: Math.round(chance * 1000) / 10,
      runsPerCopy: product.quantity + (d ? attr(d, 1124) : 0),
      me: 2 + (d ? attr(d, 1113) : 0),
      te: 4 + (d ? attr(d, 1114) : 0),
      time,
      materials,
    },
    { chancePercent: c.chancePercent, runsPerCopy: c.runsPerCopy, me: c.me, te: c.te, time: c.time, materials: c.materials },
  );
}
process.exit(differences ? 1 : 0);
