import { useMergedRef } from '@mantine/hooks';

/**
 * Stands in for `@floating-ui/react` inside Mantine's ScrollArea, which imports only its
 * `useMergeRefs` from there (see vite.config.ts). Same contract: merges an array of refs into one
 * callback ref, with React 19 cleanup functions; @mantine/hooks' own useMergedRef does exactly this.
 */
export function useMergeRefs<T>(refs: Parameters<typeof useMergedRef<T>>): ReturnType<typeof useMergedRef<T>> {
  return useMergedRef<T>(...refs);
}
