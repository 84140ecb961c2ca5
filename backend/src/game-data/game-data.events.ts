/** Domain events of the game-data module (EventEmitter2). */
export const GAME_DATA_EVENTS = {
  /**
   * The start's game-data check is done (SdeImportService.autoImport: imported now, already
   * current, or failed — `GameData.hasData()` tells whether there is data, `GameData.status()` how
   * the import ended).
   */
  ready: 'game-data.ready',
} as const;
