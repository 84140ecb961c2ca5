import unhomoglyph from 'unhomoglyph';

/**
 * The confusable skeleton of a username (Unicode TR39 §4): NFD, every character replaced by its
 * prototype from Unicode's confusables.txt (the `unhomoglyph` package's table of it), NFD again;
 * then in lower case and once more through the table, since usernames are unique regardless of
 * case. Two names with one skeleton look alike (`demo_admin` / `demo_аdmin` with a Cyrillic а,
 * `mike` / `rnike`, `b0b` / `bob`); only one of them may exist. Never shown to anyone.
 */
export function usernameSkeleton(username: string): string {
  const skeleton = (s: string) => unhomoglyph(s.normalize('NFD')).normalize('NFD');
  return skeleton(skeleton(username).toLowerCase());
}

/** The stored forms of a username: as typed, for the case-insensitive lookup, and its skeleton. */
export function usernameKeys(username: string): { username: string; username_lower: string; username_skeleton: string } {
  return { username, username_lower: username.toLowerCase(), username_skeleton: usernameSkeleton(username) };
}
