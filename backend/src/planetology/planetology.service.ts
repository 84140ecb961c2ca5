import { Inject, Injectable } from '@nestjs/common';
import { typeIconUrl, type PlanetologyCatalogueResponse } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { GameData } from '../game-data/game-data.contract';
import { buildCatalogue } from './domain/catalogue';

/**
 * The planetary catalogue (GET data/universe/blueprints): built from the game data once per SDE
 * import and kept in memory (a few hundred kilobytes; it changes only when the SDE is re-imported).
 */
@Injectable()
export class PlanetologyService {
  private cache: { importId: string; value: Promise<PlanetologyCatalogueResponse> } | null = null;

  constructor(
    private readonly gameData: GameData,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async catalogue(): Promise<PlanetologyCatalogueResponse> {
    const importId = await this.gameData.requireData();
    if (this.cache?.importId !== importId) {
      const value = this.build();
      this.cache = { importId, value };
      // A failed build is not kept: the next request tries again.
      value.catch(() => {
        if (this.cache?.value === value) this.cache = null;
      });
    }
    return this.cache.value;
  }

  private async build(): Promise<PlanetologyCatalogueResponse> {
    const [schematics, pins, planetResources, diameters] = await Promise.all([
      this.gameData.schematics(),
      this.gameData.piPins(),
      this.gameData.planetResources(),
      this.gameData.planetTypeDiameters(),
    ]);
    const ids = new Set<number>(planetResources.keys());
    for (const s of schematics) {
      ids.add(s.output.typeId);
      s.inputs.forEach((i) => ids.add(i.typeId));
    }
    for (const list of planetResources.values()) list.forEach((id) => ids.add(id));
    const types = await this.gameData.typesByIds([...ids]);
    return buildCatalogue({
      schematics,
      pins,
      planetResources,
      diameters,
      types: new Map([...types].map(([id, t]) => [id, { name: t.name, volume: t.volume }])),
      icon: (id) => typeIconUrl(this.config.imageServerUrl, id, 64),
    });
  }
}
