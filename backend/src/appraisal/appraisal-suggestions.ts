import { Injectable } from '@nestjs/common';
import { APPRAISAL_MAX_SUGGESTIONS, type AppraisalSuggestion, type UnknownLine } from '@eve-toolkit/shared-types';
import { GameData, type GameType } from '../game-data/game-data.contract';
import { NameSuggester } from '../game-data/domain/name-suggester';

/** Names of a line tried at most (its readings' names, first-seen: the whole line, then without its quantity…). */
const NAMES_PER_LINE = 3;

/**
 * «Возможно, вы имели в виду …» for the lines of a paste that named nothing: the closest
 * published type names in either language (`NameSuggester`), built on the first unrecognised
 * line after each game data import. Lines that resolve never come here.
 */
@Injectable()
export class AppraisalSuggestions {
  private built: { names: ReadonlyMap<string, GameType>; suggester: NameSuggester } | null = null;

  constructor(private readonly gameData: GameData) {}

  async suggest(unknown: readonly UnknownLine[]): Promise<AppraisalSuggestion[]> {
    if (unknown.length === 0) return [];
    const suggester = await this.suggester();
    const out: AppraisalSuggestion[] = [];
    for (const u of unknown) {
      let best: { text: string; found: { name: string; score: number }[] } | null = null;
      for (const text of u.names.slice(0, NAMES_PER_LINE)) {
        const found = suggester.suggest(text, APPRAISAL_MAX_SUGGESTIONS);
        if (found.length > 0 && (!best || found[0].score > best.found[0].score)) best = { text, found };
      }
      if (best) out.push({ line: u.line, text: best.text, names: best.found.map((f) => f.name) });
    }
    return out;
  }

  private async suggester(): Promise<NameSuggester> {
    const names = await this.gameData.typeNameIndex();
    if (this.built?.names !== names) {
      const all: string[] = [];
      for (const type of new Set(names.values()))
        if (type.published) {
          all.push(type.nameEn);
          if (type.name !== type.nameEn) all.push(type.name);
        }
      this.built = { names, suggester: new NameSuggester(all) };
    }
    return this.built.suggester;
  }
}
