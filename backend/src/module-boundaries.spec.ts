/**
 * The module boundaries (docs/modules.md), held by the same measurement that
 * `npx tsx backend/test/support/module-graph.ts` prints. A failure names the file that crossed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { measureBackend, measureFrontend } from '../test/support/module-graph';

const backend = measureBackend();
const frontend = measureFrontend();

describe('backend modules', () => {
  it('no collection is read or written outside the module that owns it', () => {
    expect(backend.crossTouches.map((t) => `${t.file}: ${t.collection} (owner ${t.owner})`)).toEqual([]);
    expect(backend.touches.length).toBeGreaterThan(40); // the measurement sees the models at all
  });

  it('no feature module is @Global: only common/ (config and database, the session layer, the request budgets)', () => {
    const globals = backend.modules.filter((m) => m.global);
    expect(globals.filter((m) => m.module !== 'common').map((m) => m.name)).toEqual([]);
    expect(globals.map((m) => m.name).sort()).toEqual(['AuthModule', 'CoreModule', 'RateLimitModule']);
  });

  it('modules list what they use in their imports', () => {
    expect(backend.moduleImportArrows).toEqual(
      expect.arrayContaining(['corp -> characters', 'realtime -> corp', 'admin -> accounts', 'role-requests -> accounts']),
    );
  });

  it('no cycle between the folders of backend/src: every import runs one way, down the layers (docs/modules.md)', () => {
    expect(backend.folderCycles).toEqual([]);
  });

  it('no cycle between files (types and dynamic imports count)', () => {
    expect(backend.fileCycles).toEqual([]);
  });

  it('common/ imports no feature', () => {
    expect(backend.sourceImportArrows.filter((a) => a.startsWith('common ->'))).toEqual([]);
  });

  it('the corporation filter is written in one place (CorpScoped)', () => {
    expect(backend.corpFilterSites.map((s) => s.replace(/:\d+$/, ''))).toEqual(['backend/src/corp/corp-scope.ts']);
  });

  it('runtime code outside the demo module never imports the stand-in (tools/fake-esi)', () => {
    expect(backend.fakeEsiImports).toEqual([]);
  });

  it('demo code is loaded only in demo mode: nothing outside demo/ imports it statically (bootstrap imports it dynamically)', () => {
    expect(backend.staticDemoImports).toEqual([]);
  });

  it("MongoDB's duplicate-key code is tested in one helper", () => {
    expect(backend.duplicateKeyChecks).toEqual(['backend/src/common/database/duplicate-key.ts']);
  });
});

describe('frontend features', () => {
  it('no feature imports another (the app composes them)', () => {
    expect(frontend.crossFeatureImports).toEqual([]);
  });

  it('one hub selector', () => {
    expect(frontend.hubSelectors).toEqual(['frontend/src/shared/ui/hub-select.tsx']);
  });

  it('tests build job tree nodes with the one builder (shared-types/src/testing.ts)', () => {
    expect(frontend.jobNodeFixtures).toEqual([]);
  });
});

describe('the measurement', () => {
  it('sees a foreign model injection, a global feature module, common/ importing a feature, a hand-written filter and cycles', () => {
    const src = mkdtempSync(join(tmpdir(), 'module-graph-'));
    const file = (path: string, text: string) => {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), text);
    };
    try {
      file(
        'pets/pet.schema.ts',
        "export const PET_MODEL = 'Pet';\nexport const PetSchema = new Schema({}, { collection: 'pets' });\n",
      );
      file(
        'pets/pets.module.ts',
        "import { Global, Module } from '@nestjs/common';\nimport { ShopModule } from '../shop/shop.module';\n@Global()\n@Module({ imports: [ShopModule] })\nexport class PetsModule {}\n",
      );
      file(
        'shop/shop.service.ts',
        "import { PET_MODEL } from '../pets/pet.schema';\nexport class Shop {\n  constructor(@InjectModel(PET_MODEL) pets: unknown, @InjectConnection() private readonly connection: Connection) {}\n" +
          "  a() { return this.connection.collection('pets').find({ corporation_id: { $in: [1] } }); }\n}\n",
      );
      file('shop/shop.module.ts', "import { Module } from '@nestjs/common';\n@Module({})\nexport class ShopModule {}\n");
      file('common/util.ts', "import { Shop } from '../shop/shop.service';\nexport const x = Shop;\n");
      file('shop/a.ts', "import type { B } from './b';\nexport type A = B[];\n");
      file('shop/b.ts', "import type { A } from './a';\nexport interface B { a: A }\n");
      const graph = measureBackend(src);
      expect(graph.modules.map((m) => [m.name, m.global])).toEqual(
        expect.arrayContaining([
          ['PetsModule', true],
          ['ShopModule', false],
        ]),
      );
      expect(graph.moduleImportArrows).toEqual(['pets -> shop']);
      expect(graph.crossTouches.map((t) => [t.module, t.collection, t.owner, t.how])).toEqual([
        ['shop', 'PET_MODEL', 'pets', 'InjectModel'],
        ['shop', 'pets', 'pets', 'raw collection'],
      ]);
      expect(graph.sourceImportArrows).toEqual(['common -> shop', 'pets -> shop', 'shop -> pets']);
      expect(graph.folderCycles).toEqual(['pets -> shop -> pets']);
      expect(graph.fileCycles).toEqual(['shop/a.ts -> shop/b.ts -> shop/a.ts']);
      expect(graph.corpFilterSites).toHaveLength(1);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });
});
