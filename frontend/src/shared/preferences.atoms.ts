import { atom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { COOKIE_CONSENT, COOKIE_HUB, DEFAULT_HUB_ID, HUBS, type CookieConsent } from '@eve-toolkit/shared-types';
import { deleteCookie, getCookie, setCookie } from './cookies';
import type { AppStore } from './store';

/** Spec §4: the cookie state is polled every 300 ms (another tab may decide meanwhile). */
export const COOKIE_POLL_MS = 300;

/** `cookieHeader`: a request's Cookie header (server rendering); the browser's cookies by default. */
export function readConsent(cookieHeader?: string): CookieConsent | null {
  const value = getCookie(COOKIE_CONSENT, cookieHeader);
  return value === 'accepted' || value === 'declined' ? value : null;
}

// Lazy: read per store on first use, not at module load.
const consentBaseAtom = atomWithLazy<CookieConsent | null>(readConsent);
consentBaseAtom.onMount = (set) => {
  set(readConsent());
  const id = setInterval(() => set(readConsent()), COOKIE_POLL_MS);
  return () => clearInterval(id);
};

/**
 * Cookie consent: null while undecided (banner shown), then 'accepted' or 'declined'.
 * Writing stores the choice in `cookies_allow` for a year; declining also drops the hub cookie.
 */
export const cookieConsentAtom = atom(
  (get) => get(consentBaseAtom),
  (_get, set, choice: CookieConsent) => {
    setCookie(COOKIE_CONSENT, choice);
    if (choice === 'declined') deleteCookie(COOKIE_HUB);
    set(consentBaseAtom, choice);
  },
);

function isHubId(value: number): boolean {
  return HUBS.some((hub) => hub.id === value);
}

/** The hub cookie is only read when consent is 'accepted' (spec §5). */
export function readSavedHubId(cookieHeader?: string): number | null {
  if (readConsent(cookieHeader) !== 'accepted') return null;
  const raw = Number(getCookie(COOKIE_HUB, cookieHeader));
  return Number.isInteger(raw) && isHubId(raw) ? raw : null;
}

const hubMemoryAtom = atom<number | null>(null);

/**
 * Selected trade hub (default 2, Jita 4-4). Saved in `market_hub_id` only when cookie consent
 * is accepted; otherwise it lives in memory for this page load only (spec §4).
 */
export const hubIdAtom = atom(
  (get) => {
    get(consentBaseAtom); // re-evaluate when consent changes
    return get(hubMemoryAtom) ?? readSavedHubId() ?? DEFAULT_HUB_ID;
  },
  (get, set, hubId: number) => {
    if (!isHubId(hubId)) return;
    set(hubMemoryAtom, hubId);
    if (get(consentBaseAtom) === 'accepted' || readConsent() === 'accepted') setCookie(COOKIE_HUB, String(hubId));
  },
);

/**
 * A store for rendering one request on the server: consent and hub as the request's cookies say,
 * which is what the browser's store reads from the same cookies when it hydrates the page.
 */
export function preferencesFromCookies(
  store: AppStore,
  cookieHeader: string,
): { consent: CookieConsent | null; savedHubId: number | null } {
  const preferences = { consent: readConsent(cookieHeader), savedHubId: readSavedHubId(cookieHeader) };
  store.set(consentBaseAtom, preferences.consent);
  store.set(hubMemoryAtom, preferences.savedHubId);
  return preferences;
}
