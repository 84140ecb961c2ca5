/**
 * The fleet loot split over real HTTP on the real app and database: POST data/loot/post_players
 * with a real multipart upload and the CSRF header (UTF-8 and UTF-16, CRLF and LF, English and
 * Russian names, the chat-log form), every refusal in Russian with a 4xx, and GET data/loot/prices.
 */
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import request from 'supertest';
import { LOOT_LIMITS, LOOT_MESSAGES, type LootPostResponse, type LootPricesResponse } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { MODELS, type AdjustedPriceDoc, type MarketPriceDoc } from '../src/market/market.schema';
import { createTestApp } from './app';
import { buildMiniSde, DEFAULT_MINI_SDE, importSdeInto } from './fixtures/mini-sde';
import { client, CSRF_HEADER, type TestClient } from './support/client';

const SALVAGING = 25863; // skill book, Russian name 'Демонтаж'
const WARRIOR = 2488;
const RIFTER_BP = 691;

const EXPORT_EN = [
  'Time\tCharacter\tItem Type\tQuantity\tItem Group\t',
  '2025.06.14 18:02\tIvan Petrov\tTritanium\t1,200\tMineral\t',
  '2025.06.14 18:02\tAnna Sokolova\tWarrior II\t2\tCombat Drone\t',
  '2025.06.14 18:05\tIvan Petrov\tWarrior II\t1\tCombat Drone\t',
  '2025.06.14 18:07\tJon Doe\tPyerite\t14\tMineral\t',
  '2025.06.14 18:09\tIvan Petrov\ttritanium\t800\tMineral\t',
  '2025.06.14 18:11\tAnna Sokolova\tRifter Blueprint\t1\tFrigate Blueprint\t',
  '2025.06.14 18:12\tJon Doe\tUnobtainium Widget\t3\tMisc\t',
  'not a loot line',
  '',
].join('\r\n');

const EXPORT_RU = [
  'Время\tПерсонаж\tТип предмета\tКоличество\tГруппа предметов\t',
  '2025.06.14 18:02\tИван Петров\tДемонтаж\t1\tНавыки\t',
  '2025.06.14 18:03\tОльга Смирнова\tорганизация производства\t2\tНавыки\t',
  '2025.06.14 18:04\tИван Петров\tTritanium\t1 000\tМинерал\t',
  '',
].join('\n');

const CHAT = [
  '[ 2025.06.14 18:02:11 ] Mira Kestrel has looted 3 x Warrior II',
  "18:03:40 Mira Kestrel has looted 1'500 x Tritanium",
  '18:04:02 Sergei Morozov has looted 2 x Rifter Blueprint (Copy)',
].join('\n');

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf8bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);

describe('fleet loot split', () => {
  let running: RunningApp;
  let c: TestClient;
  const upload = (content: Buffer, name = 'loot.txt', field = 'file') =>
    c.post('/data/loot/post_players', (r) => r.attach(field, content, name));

  beforeAll(async () => {
    running = await createTestApp();
    await importSdeInto(
      running,
      await buildMiniSde({
        ...DEFAULT_MINI_SDE,
        typeIds: [...DEFAULT_MINI_SDE.typeIds, SALVAGING, WARRIOR, RIFTER_BP],
      }),
    );
    const prices: Model<MarketPriceDoc> = running.app.get(getModelToken(MODELS.price));
    const now = new Date('2026-01-01T00:00:00Z');
    await prices.insertMany([
      { hub_id: 2, type_id: 34, sell: 4.52, buy: 3.98, updated_at: now },
      { hub_id: 2, type_id: WARRIOR, sell: 215_000, buy: 190_000.5, updated_at: now },
      { hub_id: 2, type_id: RIFTER_BP, sell: 2_900_000, buy: 2_500_000, updated_at: now },
      { hub_id: 3, type_id: 34, sell: 5, buy: null, updated_at: now },
    ]);
    // CCP's adjusted price of Pyerite: what the page offers when no hub has it
    const adjusted: Model<AdjustedPriceDoc> = running.app.get(getModelToken(MODELS.adjusted));
    await adjusted.insertMany([{ _id: 35, adjusted_price: 9.5, average_price: 9.6, updated_at: now }]);
    c = client(running.url);
  }, 120_000);
  afterAll(async () => {
    await running?.close();
  });

  const items = (list: { type_id: number; quantity: number; blueprint_copy: boolean }[]) =>
    list.map((i) => [i.type_id, i.quantity, i.blueprint_copy]);

  const expectedEnglish = {
    pilots: [
      [
        'Ivan Petrov',
        [
          [34, 2000, false],
          [WARRIOR, 1, false],
        ],
      ],
      [
        'Anna Sokolova',
        [
          [WARRIOR, 2, false],
          [RIFTER_BP, 1, true],
        ],
      ],
      ['Jon Doe', [[35, 14, false]]],
    ],
    group: [
      [34, 2000, false],
      [WARRIOR, 3, false],
      [RIFTER_BP, 1, true],
      [35, 14, false],
    ],
  };

  it.each([
    ['UTF-8, CRLF', Buffer.from(EXPORT_EN, 'utf8')],
    ['UTF-16 LE with BOM, CRLF', utf16le(EXPORT_EN)],
    ['UTF-8 with BOM, LF', utf8bom(EXPORT_EN.replace(/\r\n/g, '\n'))],
  ])('reads the English export (%s) into one group with exact totals and reports the bad lines', async (_, bytes) => {
    const res = await upload(bytes);
    expect(res.status).toBe(200);
    const body = res.body as LootPostResponse;
    expect(body.data).toHaveLength(1);
    expect(body.data[0].pilots.map((p) => [p.name, items(p.items)])).toEqual(expectedEnglish.pilots);
    expect(items(body.data[0].items)).toEqual(expectedEnglish.group);
    expect(body.data[0].items[1]).toEqual({
      type_id: WARRIOR,
      name: 'Warrior II',
      name_en: 'Warrior II',
      quantity: 3,
      blueprint_copy: false,
    });
    expect(body.errors).toEqual([
      { line: 8, text: 'Unobtainium Widget', message: 'Предмет не найден: Unobtainium Widget' },
      { line: 9, text: 'not a loot line', message: LOOT_MESSAGES.lineFormat },
    ]);
    expect(body.skipped).toBe(2);
    expect(body.lines).toBe(6);
  });

  it('reads the Russian export: Russian names in any case, the Russian header skipped', async () => {
    const res = await upload(utf16le(EXPORT_RU), 'История добычи.TXT');
    expect(res.status).toBe(200);
    const body = res.body as LootPostResponse;
    expect(body.data[0].pilots.map((p) => [p.name, p.items.map((i) => [i.name, i.name_en, i.quantity])])).toEqual([
      [
        'Иван Петров',
        [
          ['Демонтаж', 'Salvaging', 1],
          ['Tritanium', 'Tritanium', 1000],
        ],
      ],
      ['Ольга Смирнова', [['Организация производства', 'Industry', 2]]],
    ]);
    expect(body.errors).toEqual([]);
    expect(body.lines).toBe(3);
  });

  it('reads the chat-log form; a "(Copy)" blueprint is a blueprint copy', async () => {
    const res = await upload(Buffer.from(CHAT, 'utf8'));
    expect(res.status).toBe(200);
    const body = res.body as LootPostResponse;
    expect(body.data[0].pilots.map((p) => [p.name, items(p.items)])).toEqual([
      [
        'Mira Kestrel',
        [
          [WARRIOR, 3, false],
          [34, 1500, false],
        ],
      ],
      ['Sergei Morozov', [[RIFTER_BP, 2, true]]],
    ]);
  });

  const refusals: [string, () => Promise<request.Response>, number, string][] = [
    ['a .csv file', () => upload(Buffer.from(EXPORT_EN), 'loot.csv'), 415, LOOT_MESSAGES.wrongType],
    ['a file without extension', () => upload(Buffer.from(EXPORT_EN), 'loot'), 415, LOOT_MESSAGES.wrongType],
    ['an empty file', () => upload(Buffer.alloc(0)), 400, LOOT_MESSAGES.empty],
    ['blank lines only', () => upload(Buffer.from('\r\n \r\n')), 400, LOOT_MESSAGES.empty],
    [
      'a PNG renamed to .txt',
      () => upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])),
      415,
      LOOT_MESSAGES.binary,
    ],
    ['a text without loot lines', () => upload(Buffer.from('Привет, флот!\nСбор в 20:00')), 400, LOOT_MESSAGES.noLoot],
    [
      'loot lines naming no known item',
      () => upload(Buffer.from('18:03:40 Mira Kestrel has looted 2 x Unobtainium Widget')),
      400,
      LOOT_MESSAGES.noKnownItems,
    ],
    ['a file over the limit', () => upload(Buffer.alloc(LOOT_LIMITS.maxFileBytes + 1, 0x41)), 413, LOOT_MESSAGES.tooLarge],
    ['the file under another field', () => upload(Buffer.from(CHAT), 'loot.txt', 'upload'), 400, LOOT_MESSAGES.badUpload],
    ['no file at all', () => c.post('/data/loot/post_players', (r) => r.field('x', '1')), 400, LOOT_MESSAGES.noFile],
    ['a JSON body', () => c.post('/data/loot/post_players', { file: CHAT }), 400, LOOT_MESSAGES.noFile],
  ];

  it.each(refusals)('refuses %s in Russian', async (_, send, status, message) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });

  it('lists a few lines of a file without loot', async () => {
    const res = await upload(Buffer.from('Привет, флот!\nСбор в 20:00'));
    expect(res.body.errors).toEqual([LOOT_MESSAGES.noLoot, 'Строка 1: Привет, флот!', 'Строка 2: Сбор в 20:00']);
  });

  it('refuses an upload without the CSRF token', async () => {
    const res = await request(running.url).post('/data/loot/post_players').attach('file', Buffer.from(CHAT), 'loot.txt');
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/[а-яё]/i);
    const stale = await request(running.url)
      .post('/data/loot/post_players')
      .set(CSRF_HEADER, 'not-a-token')
      .attach('file', Buffer.from(CHAT), 'loot.txt');
    expect(stale.status).toBe(403);
  });

  it('prices: unit SELL and BUY at the hub, names, blueprint copies marked, unknown ids left out', async () => {
    const res = await request(running.url).get(`/data/loot/prices?hub=2&ids=34,${WARRIOR},${RIFTER_BP},35,999999`).expect(200);
    expect(res.body as LootPricesResponse).toEqual({
      hub: 2,
      types: [
        { type_id: 34, name: 'Tritanium', name_en: 'Tritanium', sell: 4.52, buy: 3.98, blueprint_copy: false, adjusted: null },
        {
          type_id: WARRIOR,
          name: 'Warrior II',
          name_en: 'Warrior II',
          sell: 215_000,
          buy: 190_000.5,
          blueprint_copy: false,
          adjusted: null,
        },
        {
          type_id: RIFTER_BP,
          name: 'Rifter Blueprint',
          name_en: 'Rifter Blueprint',
          sell: 2_900_000,
          buy: 2_500_000,
          blueprint_copy: true,
          adjusted: null,
        },
        { type_id: 35, name: 'Pyerite', name_en: 'Pyerite', sell: null, buy: null, blueprint_copy: false, adjusted: 9.5 },
      ],
    });
    const dodixie = await request(running.url).get('/data/loot/prices?hub=3&ids=34').expect(200);
    expect(dodixie.body.types).toEqual([
      { type_id: 34, name: 'Tritanium', name_en: 'Tritanium', sell: 5, buy: null, blueprint_copy: false, adjusted: null },
    ]);
  });

  it.each([
    ['/data/loot/prices', LOOT_MESSAGES.badIds],
    ['/data/loot/prices?ids=a,b', LOOT_MESSAGES.badIds],
    ['/data/loot/prices?ids=34&hub=9', 'Неизвестный торговый хаб'],
  ])('prices refuses %s', async (path, message) => {
    const res = await request(running.url).get(path).expect(400);
    expect(res.body.message).toBe(message);
  });
});

describe('fleet loot split before the game data is imported', () => {
  let running: RunningApp;
  beforeAll(async () => {
    running = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await running?.close();
  });

  it('answers 503 in Russian, after the file itself was checked', async () => {
    const c = client(running.url);
    const res = await c.post('/data/loot/post_players', (r) => r.attach('file', Buffer.from(CHAT), 'loot.txt'));
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Игровые данные ещё загружаются, попробуйте через минуту');
    const wrong = await c.post('/data/loot/post_players', (r) => r.attach('file', Buffer.from(CHAT), 'loot.exe'));
    expect(wrong.status).toBe(415);
    await request(running.url).get('/data/loot/prices?ids=34').expect(503);
  });
});
