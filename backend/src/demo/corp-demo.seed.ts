import { Inject, Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { DEMO_INDUSTRY } from '@eve-toolkit/fake-esi';
import { addPingSchema, type AddPingRequest, type ProjectStatus } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import type { CorpMember } from '../corp/corp-access';
import { CorpBuysService } from '../corp/corp-buys.service';
import { CorpPingsService } from '../corp/corp-pings.service';
import { CorpProjectsService } from '../corp/corp-projects.service';
import { CorpDoctrinesService } from '../corp/doctrines/corp-doctrines.service';
import { DEMO_DOCTRINES } from './demo-doctrines';
import { GAME_DATA_EVENTS } from '../game-data/game-data.events';
import { GameData } from '../game-data/game-data.contract';
import { DEMO_CORPORATION } from './demo-seed';
import { DemoSeedService } from './demo-seed.service';
import { SrpDemoSeed } from './srp-demo.seed';

const JITA = 30000142;

const DAY = 86_400_000;

/**
 * Demo mode only: the demo corporation is registered (type 'Основа') and gets a buy list, a few
 * pings and projects in every status with build and buy jobs, whose products the fake ESI's demo
 * pilots have industry jobs and contracts for. Runs once the start's game-data check is done
 * (names come from the game data; not under tests), the doctrine library (a Ferox fleet, a Rifter roam) and only once (skipped when the corporation
 * has projects). It fills the corporation through the corporation area's own services.
 */
@Injectable()
export class CorpDemoSeed {
  private readonly logger = new Logger('Demo');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: DemoSeedService,
    private readonly gameData: GameData,
    private readonly buys: CorpBuysService,
    private readonly pings: CorpPingsService,
    private readonly projectsService: CorpProjectsService,
    private readonly doctrines: CorpDoctrinesService,
    private readonly srp: SrpDemoSeed,
  ) {}

  /** After the start's game-data check (SdeImportService.autoImport), in demo mode and not under tests. */
  @OnEvent(GAME_DATA_EVENTS.ready, { async: true, promisify: true })
  async onGameDataReady(): Promise<void> {
    if (this.config.nodeEnv === 'test') return;
    await this.seed().catch((err: unknown) => this.logger.error(`Демо-данные корпорации не созданы: ${String(err)}`));
  }

  async seed(now = new Date()): Promise<boolean> {
    if (!this.config.demo || !(await this.gameData.hasData())) return false;
    const id = DEMO_CORPORATION.id;
    await this.accounts.registerDemoCorporation();
    const seeder: CorpMember = {
      user: { id: 'demo-seed', username: 'demo_industrialist', roles: ['admin'] },
      corporationIds: [id],
      corporationId: id,
      can: { createPing: true, managePings: true, createProject: true, moderate: true, manageDoctrines: true, manageSrp: true },
    };
    // Ship replacement's fleet follows the stand-in's losses (two days back): checked on every start.
    const srpFleet = () =>
      this.srp.seed(seeder, now).catch((err: unknown) => this.logger.error(`Демо-флот СРП не создан: ${String(err)}`));
    if ((await this.projectsService.list(seeder)).projects.length > 0) {
      await srpFleet();
      return false;
    }
    const { fuelBlock, hobgoblin, rifter, tritanium, tritaniumPay, pyerite } = DEMO_INDUSTRY;
    const plans: {
      name: string;
      desc: string;
      status: ProjectStatus;
      jobs: { id: number; blueprint_id: number; runs: number; pay: number }[];
      materials: { id: number; quantity: number; pay: number }[];
    }[] = [
      {
        name: 'Дроны для флота',
        desc: 'Хобгоблины на домашнюю оборону. Минералы сдаём контрактом на корпорацию.',
        status: 'waiting',
        jobs: [{ id: hobgoblin.typeId, blueprint_id: hobgoblin.blueprintTypeId, runs: 100, pay: 2_000 }],
        materials: [
          { id: tritanium, quantity: 60_000, pay: tritaniumPay },
          { id: pyerite, quantity: 1_000, pay: 10 },
        ],
      },
      {
        name: 'Топливо для цитадели',
        desc: 'Гелиевые блоки на месяц.',
        status: 'working',
        jobs: [{ id: fuelBlock.typeId, blueprint_id: fuelBlock.blueprintTypeId, runs: 60, pay: 15_000 }],
        materials: [{ id: tritanium, quantity: 5_000, pay: tritaniumPay }],
      },
      {
        name: 'Рифтеры для новичков',
        desc: 'Продаём по себестоимости академии.',
        status: 'sale',
        jobs: [{ id: rifter.typeId, blueprint_id: rifter.blueprintTypeId, runs: 20, pay: 50_000 }],
        materials: [],
      },
      {
        name: 'Прошлый проект',
        desc: 'Готов, можно удалить.',
        status: 'ready',
        jobs: [{ id: hobgoblin.typeId, blueprint_id: hobgoblin.blueprintTypeId, runs: 10, pay: 1_000 }],
        materials: [],
      },
    ];
    for (const plan of plans) {
      const p = await this.projectsService.create(
        seeder,
        { name: plan.name, desc: plan.desc, jobs: plan.jobs, materials: plan.materials },
        now,
      );
      if (plan.status !== 'waiting')
        await this.projectsService.update(seeder, { project_id: p.id, type: 'update', new_status: plan.status }, now);
    }
    await this.buys.update(seeder, { id: tritanium, quantity: 1_000_000, price: 4.5 }, now);
    await this.buys.update(seeder, { id: pyerite, quantity: 250_000, price: 9.8 }, now);
    await this.buys.update(seeder, { id: fuelBlock.typeId, quantity: 40_000, price: 16_500 }, now);
    const at = (days: number, hh: string) => {
      const d = new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
      return { date: d, time: hh };
    };
    // The doctrine library: a Ferox fleet and a Rifter roam (the stand-in's pilots have skills for some).
    const library: string[] = [];
    for (const d of DEMO_DOCTRINES) library.push((await this.doctrines.add(seeder, d, now)).doctrine.id);
    // Pings a fleet runs from: formup in Jita (an SDE system), the demo FC Sergei Morozov.
    const ping = (fields: AddPingRequest) => this.pings.create(seeder, addPingSchema.parse(fields), now);
    await ping({
      name: 'Домашняя оборона',
      desc: 'Все в доки, флот на гейте',
      type: 'home def',
      formup: JITA,
      doctrine_id: library[0],
      comms: 'Mumble: канал «Флот 1»',
      srp: true,
      fc: 'Sergei Morozov',
      ...at(1, '18:00'),
    });
    await ping({
      name: 'Роум на рифтерах',
      desc: 'Ищем драки в Тама',
      type: 'roam',
      formup: JITA,
      doctrine_id: library[1],
      comms: 'Mumble: канал «Флот 2»',
      fc: 'Sergei Morozov',
      ...at(3, '19:00'),
    });
    await ping({ name: 'Копка в белте', desc: 'Бусты от Оркки', type: 'mining', formup: JITA, ...at(2, '16:30') });
    await ping({ name: 'Заправка цитадели', desc: '', type: 'fuel', ...at(5, '20:00') });
    this.logger.log(`Демо-корпорация: проекты, пинги и список закупок созданы`);
    await srpFleet();
    return true;
  }
}
