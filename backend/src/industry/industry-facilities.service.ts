import { Inject, Injectable } from '@nestjs/common';
import { INDUSTRY_JOB_MESSAGES, type FacilityKind, type IndustryStaticData, type RigsUse } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { GameData, type GameDecryptor, type GameRig, type GameStructure } from '../game-data/game-data.contract';
import { rigFacility, rigFits } from './domain/facility';
import { NPC_STATION_KEY, SKILL_KEY_IDS, stationKey, toStaticData } from './industry.mapper';

/** The structures, rigs and decryptors of one game-data import, and the static data built from them. */
export interface Facilities {
  importId: string;
  structures: Map<number, GameStructure>;
  rigs: Map<number, GameRig>;
  decryptors: GameDecryptor[];
  staticData: IndustryStaticData;
}

/** Rigs of one structure as checked: those that apply to the job and those that are for another activity. */
export interface CheckedRigs {
  applied: GameRig[];
  ignored: GameRig[];
}

export function rigsUse(r: CheckedRigs): RigsUse {
  return { applied: r.applied.map((x) => x.name), ignored: r.ignored.map((x) => x.name) };
}

/**
 * The calculator's facilities (data/industry/static_industry_data): structures, rigs, systems and
 * decryptors loaded once per game-data import, and the check of the stations and rigs a request
 * describes against them.
 */
@Injectable()
export class IndustryFacilities {
  private facilities: Promise<Facilities> | null = null;

  constructor(
    private readonly gameData: GameData,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Structures, rigs, systems and the static data built from them, once per game-data import. */
  async load(): Promise<Facilities> {
    const importId = await this.gameData.requireData();
    const cached = await this.facilities?.catch(() => null);
    if (cached && cached.importId === importId) return cached;
    this.facilities = (async () => {
      const [{ structures, rigs }, systems, decryptors, inventionSkills] = await Promise.all([
        this.gameData.industryFacilities(),
        this.gameData.knownSpaceSystems(),
        this.gameData.decryptors(),
        this.gameData.inventionSkills(),
      ]);
      const names = new Map(inventionSkills.map((s) => [s.id, s.name]));
      for (const [id, t] of await this.gameData.typesByIds(Object.values(SKILL_KEY_IDS))) names.set(id, t.name);
      return {
        importId,
        structures: new Map(structures.map((s) => [s.id, s])),
        rigs: new Map(rigs.map((r) => [r.id, r])),
        decryptors,
        staticData: toStaticData(
          systems,
          structures,
          rigs,
          decryptors,
          { names, invention: inventionSkills.map((s) => s.id) },
          this.config.imageServerUrl,
        ),
      };
    })();
    return this.facilities;
  }

  async staticData(): Promise<IndustryStaticData> {
    return (await this.load()).staticData;
  }

  /** A station of the form: the NPC station ('npc') or a structure hosting the facility's activity; null for the NPC station. */
  station(key: string, kind: FacilityKind, unknown: string, facilities: Facilities, errors: string[]): GameStructure | null {
    if (key === NPC_STATION_KEY) return null;
    const s = facilities.structures.get(Number(key));
    if (!s || stationKey(s.id) !== key || !s.activities.includes(kind)) {
      errors.push(unknown);
      return null;
    }
    return s;
  }

  /**
   * Rigs of one structure as the player describes it fitted: each must exist and fit the structure
   * (else a Russian error); those whose bonuses are for another activity (a manufacturing rig on
   * the laboratory's list) are not an error but ignored, and listed as such.
   */
  checkRigs(
    ids: readonly number[],
    structure: GameStructure | null,
    kind: FacilityKind,
    facilities: Facilities,
    errors: string[],
  ): CheckedRigs {
    const applied: GameRig[] = [];
    const ignored: GameRig[] = [];
    for (const id of ids) {
      const rig = facilities.rigs.get(id);
      if (!rig) {
        errors.push(INDUSTRY_JOB_MESSAGES.rigNotFound(id));
        continue;
      }
      if (!structure) {
        errors.push(INDUSTRY_JOB_MESSAGES.rigOnNpcStation(rig.name));
        continue;
      }
      if (!rigFits(rig, structure)) {
        errors.push(INDUSTRY_JOB_MESSAGES.rigDoesNotFit(rig.name, structure.name));
        continue;
      }
      if (rig.effects.length && rigFacility(rig) !== kind) ignored.push(rig);
      else applied.push(rig);
    }
    return { applied, ignored };
  }
}
