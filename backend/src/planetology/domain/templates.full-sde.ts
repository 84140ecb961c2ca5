/**
 * Full-data check (`SDE_PATH=… npm run test:full-sde`, EVE_DATA_DIR with pi-templates/): all 166
 * templates exported by the game client in the team's data folder, validated on the full SDE as
 * the importer applies them. templates.spec.ts checks five of them on every `npm test`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PiRulesIndex, validateTemplateText, type ValidationContext } from '@eve-toolkit/shared-types';
import { realCatalogue } from '../../../test/fixtures/planetology-sde';
import { fullEveDataDir } from '../../../../tools/sde-subset/paths';

let ctx: ValidationContext;
let dir: string;
beforeAll(async () => {
  dir = join(fullEveDataDir('pi-templates'), 'pi-templates');
  const catalogue = await realCatalogue();
  ctx = { ...catalogue, rules: new PiRulesIndex(catalogue.rules) };
}, 120_000);

function files(d: string): string[] {
  return readdirSync(d).flatMap((f) => {
    const p = join(d, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.json') ? [p] : [];
  });
}

it('of the 166 real templates 164 are accepted; two are broken colonies', () => {
  const all = files(dir).sort();
  expect(all).toHaveLength(166);
  const rejected = all.filter((f) => !validateTemplateText(readFileSync(f, 'utf8'), ctx).ok).map((f) => relative(dir, f));
  expect(rejected).toEqual([
    'MattFalahe_EVE-PI-Templates/Factory_P2/Factory_-_Genetically_Enhanced_Livestock.json',
    'MattFalahe_EVE-PI-Templates/Factory_P2/Factory_-_Microfiber_Shielding.json',
  ]);
});

it("walaydenobsidia's null-sec miners: the extractor route is skipped; Oxidizing Compound is built on a Temperate planet", () => {
  const read = (name: string) => readFileSync(join(dir, 'walaydenobsidia_EVE_PI_Templates', name), 'utf8');
  const water = validateTemplateText(read('Miner_-_00_-_Water.json'), ctx);
  expect(water).toMatchObject({ ok: true, skippedRoutes: 1, warnings: [] });
  expect(water.usage).toEqual({ cpu: 7453, power: 16080, cpuMax: 25415, powerMax: 19000 });
  const oxidizing = validateTemplateText(read('Miner_-_00_-_Oxidizing_Compound.json'), ctx);
  expect(oxidizing.ok).toBe(true);
  expect(oxidizing.warnings).toHaveLength(1);
  expect(oxidizing.warnings[0]).toMatch(/нет ресурса «Reactive Gas»/);
});
