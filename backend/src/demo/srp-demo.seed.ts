import { Injectable, Logger } from '@nestjs/common';
import { DEMO_SRP } from '@eve-toolkit/fake-esi';
import { addPingSchema } from '@eve-toolkit/shared-types';
import type { CorpMember } from '../corp/corp-access';
import { CorpDoctrinesService } from '../corp/doctrines/corp-doctrines.service';
import { CorpPingsService } from '../corp/corp-pings.service';
import { DEMO_DOCTRINES } from './demo-doctrines';

const FLEET_NAME = 'Флот на Ферроксах';
const HOUR = 3_600_000;

/**
 * Demo mode only: ship replacement to try. The stand-in ESI gives the demo pilots four losses
 * around a fleet two days ago (DEMO_SRP: two Feroxes in the fleet's window — one fitted as the
 * «Ферроксы» doctrine, one short a module —, a Rifter in it, not the doctrine, and a Ferox a day
 * earlier, outside every ping); this writes that fleet's ping with the doctrine, through the
 * corporation area's own services. Repeatable: a fleet already at that moment is kept.
 */
@Injectable()
export class SrpDemoSeed {
  private readonly logger = new Logger('Demo');

  constructor(
    private readonly pings: CorpPingsService,
    private readonly doctrines: CorpDoctrinesService,
  ) {}

  async seed(seeder: CorpMember, now = new Date()): Promise<void> {
    const start = new Date(DEMO_SRP.fleetStart(now.getTime()));
    const existing = await this.pings.startingBetween(seeder, start, start);
    if (existing.some((p) => p.name === FLEET_NAME)) return;
    // The library's Ferox doctrine (demo-doctrines.ts), the fit the stand-in's losses are cut from.
    const wanted = DEMO_DOCTRINES[0];
    const library = await this.doctrines.list(seeder);
    const doctrine =
      library.doctrines.find((d) => d.name === wanted.name) ?? (await this.doctrines.add(seeder, wanted, now)).doctrine;
    const iso = start.toISOString();
    // Written as it was announced the day before the fleet (a ping's start must lie ahead when written).
    await this.pings.create(
      seeder,
      addPingSchema.parse({
        name: FLEET_NAME,
        desc: 'Оборона Джиты, СРП по доктрине',
        type: 'home def',
        formup: DEMO_SRP.system,
        doctrine_id: doctrine.id,
        srp: true,
        fc: 'Sergei Morozov',
        date: iso.slice(0, 10),
        time: iso.slice(11, 16),
      }),
      new Date(start.getTime() - 24 * HOUR),
    );
    this.logger.log(`Демо-корпорация: флот «${FLEET_NAME}» с доктриной для СРП создан`);
  }
}
