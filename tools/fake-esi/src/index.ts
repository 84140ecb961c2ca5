export { startFakeEsi } from './server';
export type {
  FakeEsi,
  FakeEsiOptions,
  FakeEsiStats,
  FakeRoute,
  FaultSpec,
  RequestLogEntry,
  RouteContext,
  RouteResult,
} from './server';
export { FakeMarket, HUB_LOCATIONS, HUB_VOLUME_SHARE, PAGE_SIZE, FEATURED_ORDERS_PER_SIDE, tradesAtHub } from './market';
export type { EsiHistoryDay, EsiIndustrySystem, EsiMarketOrder, EsiMarketPrice, HubLocation } from './market';
export {
  FEATURED_TYPE_IDS,
  SEED_FILE,
  buildCatalog,
  defaultDataDir,
  formatSeed,
  loadCatalog,
  parseSeed,
  parseTradeVolumeCsv,
} from './catalog';
export type { Catalog, CatalogType } from './catalog';
export { startFakeSso, DEFAULT_SSO_CHARACTERS } from './sso';
export type { FakeAccessClaims, FakeSso, FakeSsoCharacter, FakeSsoOptions, FakeSsoStats, TokenFault } from './sso';
export { FAKE_ALLIANCES, FAKE_CORPORATIONS, FAKE_DEMO_CORPORATION } from './sso-characters';
export type { FakeCorporation, FakeMail } from './sso-characters';
export { CHARACTER_CACHE_SECONDS, CHARACTER_PAGE_SIZE, characterRoutes } from './character-routes';
export { CORP_CACHE_SECONDS, DEMO_INDUSTRY, FAKE_STATIONS, FAKE_STRUCTURES, FakeCorpData, corpRoutes } from './corp-routes';
export type { FakeContract, FakeContractItem, FakeIndustryJob, FakeStructure } from './corp-routes';
export {
  SP_PER_LEVEL,
  defaultAssets,
  defaultCorporationHistory,
  defaultJournal,
  defaultSkills,
  defaultTransactions,
} from './character-check-data';
export type {
  EsiAsset,
  EsiCorporationHistoryEntry,
  EsiJournalEntry,
  EsiSkill,
  EsiWalletTransaction,
  FakeCheckData,
} from './character-check-data';
export { DEMO_SRP, FakeKillmails, KILLMAIL_CACHE_SECONDS, insuranceLevels, killmailRoutes } from './killmail-routes';
export type { EsiInsuranceLevel, EsiKillmail, EsiKillmailItem } from './killmail-routes';
export { sdeArchiveName, startFakeStaticData, zipSde } from './static-data';
export type { FakeStaticData, FakeStaticDataRequest } from './static-data';
