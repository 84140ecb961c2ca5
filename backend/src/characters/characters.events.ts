/** Domain events of the characters module (EventEmitter2); the corporation area listens to them. */
export const CHARACTER_EVENTS = {
  linked: 'character.linked',
  unlinked: 'character.unlinked',
  /** ESI told a (new) corporation for the character. */
  corporationChanged: 'character.corporation-changed',
} as const;

export interface CharacterLinkedEvent {
  userId: string;
  characterId: number;
}

export interface CharacterUnlinkedEvent {
  userId: string;
  characterId: number;
}

export interface CharacterCorporationChangedEvent {
  userId: string;
  characterId: number;
  corporationId: number;
  previousCorporationId: number | null;
}
