import { createStore } from 'jotai';
import { COOKIE_POLL_MS, cookieConsentAtom, hubIdAtom, readConsent } from './preferences.atoms';

describe('cookie consent atom', () => {
  it('is null while undecided and writes a one-year Lax cookie on choice', () => {
    const store = createStore();
    expect(store.get(cookieConsentAtom)).toBeNull();
    store.set(cookieConsentAtom, 'accepted');
    expect(store.get(cookieConsentAtom)).toBe('accepted');
    expect(document.cookie).toBe('cookies_allow=accepted');
    expect(readConsent()).toBe('accepted');
  });

  it('ignores values other than accepted/declined', () => {
    document.cookie = 'cookies_allow=maybe; path=/';
    expect(readConsent()).toBeNull();
    expect(createStore().get(cookieConsentAtom)).toBeNull();
  });

  it('polls every 300 ms', () => {
    expect(COOKIE_POLL_MS).toBe(300);
  });
});

describe('hubIdAtom', () => {
  it('defaults to hub 2', () => {
    expect(createStore().get(hubIdAtom)).toBe(2);
  });

  it('keeps the hub in memory only, without a market_hub_id cookie, while consent is undecided', () => {
    const store = createStore();
    store.set(hubIdAtom, 3);
    expect(store.get(hubIdAtom)).toBe(3);
    expect(document.cookie).not.toContain('market_hub_id');
  });

  it('keeps it in memory only after consent was declined', () => {
    const store = createStore();
    store.set(cookieConsentAtom, 'declined');
    store.set(hubIdAtom, 4);
    expect(store.get(hubIdAtom)).toBe(4);
    expect(document.cookie).toBe('cookies_allow=declined');
  });

  it('writes market_hub_id when consent is accepted', () => {
    const store = createStore();
    store.set(cookieConsentAtom, 'accepted');
    store.set(hubIdAtom, 5);
    expect(document.cookie).toBe('cookies_allow=accepted; market_hub_id=5');
    // a fresh page load (new store) reads the saved hub
    expect(createStore().get(hubIdAtom)).toBe(5);
  });

  it('ignores a saved hub cookie when consent is not accepted', () => {
    document.cookie = 'market_hub_id=3; path=/';
    expect(createStore().get(hubIdAtom)).toBe(2);
    document.cookie = 'cookies_allow=accepted; path=/';
    expect(createStore().get(hubIdAtom)).toBe(3);
  });

  it('drops the hub cookie when consent is declined later', () => {
    const store = createStore();
    store.set(cookieConsentAtom, 'accepted');
    store.set(hubIdAtom, 1);
    store.set(cookieConsentAtom, 'declined');
    expect(document.cookie).toBe('cookies_allow=declined');
    expect(store.get(hubIdAtom)).toBe(1);
  });

  it('rejects unknown hub ids', () => {
    const store = createStore();
    store.set(hubIdAtom, 99);
    expect(store.get(hubIdAtom)).toBe(2);
  });
});
