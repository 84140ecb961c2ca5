import type { CharacterCard } from '@eve-toolkit/shared-types';
import type { GameSystem } from '../game-data/game-data.contract';
import type { CharacterDoc } from './character.schema';

/** Portraits come straight from the game's image server (the browser loads them; sizes 32..1024). */
export function portraitUrl(imageServerUrl: string, characterId: number, size = 64): string {
  return `${imageServerUrl.replace(/\/$/, '')}/characters/${characterId}/portrait?size=${size}`;
}

/** A character document -> its card; `system` is the SDE's entry for the stored location (if known). */
export function toCharacterCard(doc: CharacterDoc, imageServerUrl: string, system: GameSystem | null | undefined): CharacterCard {
  return {
    id: doc._id,
    name: doc.name,
    icon: portraitUrl(imageServerUrl, doc._id),
    system: system ? { name: system.name, sec: system.security } : null,
    wallet: doc.wallet ?? null,
    new_mails: doc.new_mails ?? null,
    needs_relink: doc.needs_relink === true,
    updated_at: doc.synced_at ? new Date(doc.synced_at).toISOString() : null,
  };
}
