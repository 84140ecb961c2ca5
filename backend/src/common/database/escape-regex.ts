/** `s` as a literal inside a MongoDB $regex (a search box's text matches itself, nothing more). */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
