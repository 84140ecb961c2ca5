/** Minimal document.cookie helpers (values are URI-encoded). */

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A cookie's value from the browser's cookies, or from a request's Cookie header (server rendering). */
export function getCookie(name: string, header?: string): string | null {
  const cookies = header ?? (typeof document === 'undefined' ? undefined : document.cookie);
  if (cookies === undefined) return null;
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function setCookie(name: string, value: string, maxAgeSeconds = ONE_YEAR_SECONDS): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; max-age=0; path=/; SameSite=Lax`;
}
