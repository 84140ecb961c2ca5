import { appraiseText } from '@eve-toolkit/shared-types';
import type { GameData, GameType } from '../game-data/game-data.contract';
import { AppraisalReader, HALVE_FROM_CHARS } from './appraisal-reader';

const type = (id: number, name: string, nameRu = name): GameType => ({
  id,
  name: nameRu,
  nameEn: name,
  groupId: 18,
  categoryId: 4,
  marketGroupId: 1857,
  volume: 0.01,
  packagedVolume: 0.01,
  portionSize: 1,
  published: true,
});
const TRITANIUM = type(34, 'Tritanium', 'Тританий');
const PYERITE = type(35, 'Pyerite');
const NAMES: ReadonlyMap<string, GameType> = new Map([
  ['tritanium', TRITANIUM],
  ['тританий', TRITANIUM],
  ['pyerite', PYERITE],
]);

describe('AppraisalReader from source', () => {
  // The reader asks game data for nothing but its name index.
  const gameData = { typeNameIndex: () => Promise.resolve(NAMES) } as Pick<GameData, 'typeNameIndex'> as GameData;
  const reader = new AppraisalReader(gameData);
  afterAll(() => reader.stopWorker());

  it('starts the TypeScript worker (no build of shared-types or the backend needed) and reads the second half there', async () => {
    // jest runs this file from source: the reader is a .ts file, so its worker is appraisal.worker.ts.
    expect(__filename.endsWith('.ts')).toBe(true);
    const lines = Array.from({ length: 6000 }, (_, i) => (i % 2 ? 'Тританий 10' : 'Pyerite\t5'));
    const paste = ['Не предмет', ...lines, 'Ещё не предмет'].join('\n');
    expect(paste.length).toBeGreaterThanOrEqual(HALVE_FROM_CHARS);

    await reader.prepare();
    const answer = await reader.appraise(paste);

    expect(reader.readInHalves).toBe(1); // the worker answered: not read here after a failed worker
    expect(answer).toEqual(appraiseText(paste, (key) => NAMES.get(key)));
    expect(answer.items.map((it) => [it.type.id, it.quantity])).toEqual([
      [PYERITE.id, 15_000],
      [TRITANIUM.id, 30_000],
    ]);
    expect(answer.errors).toHaveLength(2);
  });
});
