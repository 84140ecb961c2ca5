/**
 * Links a game character the way a player does, against the fake EVE SSO: our auth_link -> the
 * SSO's authorize page (logging in as `characterId`) -> back to our callback with code and state.
 */
import type { TestClient } from './client';

export async function linkCharacter(c: TestClient, characterId: number, scopes?: readonly string[]): Promise<void> {
  const { redirect } = (await c.act('/auth/esi/auth_link')).body as { redirect: string };
  const authorize = new URL(redirect);
  authorize.searchParams.set('character_id', String(characterId));
  // The player unticked some scopes on the SSO's page (the token then carries only these).
  if (scopes) authorize.searchParams.set('scope', scopes.join(' '));
  const atSso = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atSso.headers.get('location')!);
  const res = await c.get(`/auth/esi/callback?code=${back.searchParams.get('code')}&state=${back.searchParams.get('state')}`);
  const location = decodeURIComponent(String(res.headers.location ?? ''));
  if (!location.includes(`?linked=${characterId}`)) throw new Error(`character ${characterId} not linked: ${location}`);
}
