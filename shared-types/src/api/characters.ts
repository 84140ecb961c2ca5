/**
 * Game characters linked through EVE SSO (spec §3 Character, §7 esi/auth_link, esi/del_char/{id}).
 * The card is what the owner (and admins) see on /account/user/{name}.
 */

/** The SSO scopes the product asks for (location, wallet, mail, skills, assets, corporation roles, industry jobs, contracts, killmails). */
export const SSO_SCOPES = [
  'esi-location.read_location.v1',
  'esi-wallet.read_character_wallet.v1',
  'esi-mail.read_mail.v1',
  'esi-skills.read_skills.v1',
  'esi-assets.read_assets.v1',
  'esi-characters.read_corporation_roles.v1',
  'esi-industry.read_character_jobs.v1',
  'esi-contracts.read_character_contracts.v1',
  // Names of the Upwell structures a member's industry jobs run in (project claims).
  'esi-universe.read_structures.v1',
  // A member's recent losses, filed for ship replacement (SRP).
  'esi-killmails.read_killmails.v1',
] as const;

/** A linked game character's card (spec §3 Character: id, name, icon, system {name, sec}, wallet, new_mails). */
export interface CharacterCard {
  id: number;
  name: string;
  /** Portrait on the game's image server. */
  icon: string;
  /** Current solar system; `sec` is the raw security status (format with displaySecurity). Null until known. */
  system: { name: string; sec: number } | null;
  /** ISK; null until known. */
  wallet: number | null;
  /** Unread mails; null until known. */
  new_mails: number | null;
  /** The game revoked the link (refresh token refused): the player has to link the character again. */
  needs_relink: boolean;
  /** When the card's game data was last read from ESI (ISO), null if never. */
  updated_at: string | null;
}

/** GET auth/esi/auth_link */
export interface AuthLinkResponse {
  redirect: string;
}

/** POST auth/esi/refresh: the caller's characters, read from ESI now. */
export interface CharactersRefreshResponse {
  chars: CharacterCard[];
}

/** Russian messages of the character flows (the callback sends the profile their code as ?sso_error=). */
export const CHARACTER_MESSAGES = {
  notConfigured: 'Вход через EVE Online не настроен на этом сервере',
  badState: 'Ссылка входа через EVE Online устарела или уже использована, начните привязку заново',
  failed: 'EVE Online не подтвердил вход, попробуйте ещё раз',
  badToken: 'Ответ EVE Online не прошёл проверку подписи',
  banned: 'Этот персонаж заблокирован и не может быть привязан',
  otherAccount: 'Этот персонаж уже привязан к другому аккаунту',
  notYours: 'Персонаж не найден среди ваших',
  needsRelink: 'EVE Online отозвал доступ: привяжите персонажа заново',
} as const;

export type SsoErrorCode = keyof typeof CHARACTER_MESSAGES;

/** The code the SSO callback puts in ?sso_error= for a failure's message (`failed` for any other). */
export function ssoErrorCode(message: string): SsoErrorCode {
  const known = (Object.keys(CHARACTER_MESSAGES) as SsoErrorCode[]).find((code) => CHARACTER_MESSAGES[code] === message);
  return known ?? 'failed';
}

/**
 * The message the profile shows for ?sso_error=: only for the known codes, never a text taken
 * from the address (a link from anywhere could carry one).
 */
export function ssoErrorMessage(code: string | null): string | null {
  return code !== null && Object.hasOwn(CHARACTER_MESSAGES, code) ? CHARACTER_MESSAGES[code as SsoErrorCode] : null;
}
