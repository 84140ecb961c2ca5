import type { NodePath } from '@eve-toolkit/shared-types';

/** A node's key for expand/collapse state: its path from the root ("" is the root). */
export function pathKey(path: NodePath): string {
  return path.join('.');
}

export const ROOT_KEY = '';
