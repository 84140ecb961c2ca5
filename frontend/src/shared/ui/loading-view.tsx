import { useId, useState } from 'react';
import { Box, Loader, Stack, Text } from '@mantine/core';
import { useHydrating } from '../hydration';
import { LOADING_MESSAGES, pickLoadingMessage } from './loading-messages';
import classes from './loading-view.module.css';

export interface LoadingViewProps {
  /** Cover the whole viewport (app start, route chunks). Otherwise fill the content area. */
  fullScreen?: boolean;
}

/** A message chosen by the view's place in the tree: the same on the server and in the browser. */
function placeMessage(id: string): string {
  let hash = 0;
  for (const c of id) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return LOADING_MESSAGES[hash % LOADING_MESSAGES.length];
}

/**
 * Loading state with one humorous message, picked once per mount: at random, or, in a
 * server-rendered page, by its place in the tree (hydration finds the server's text).
 */
export function LoadingView({ fullScreen = true }: LoadingViewProps) {
  const id = useId();
  const hydrating = useHydrating();
  const [message] = useState(() => (hydrating ? placeMessage(id) : pickLoadingMessage()));
  return (
    <Box className={fullScreen ? classes.fullScreen : classes.inline} role="status" aria-live="polite" aria-busy="true">
      <Stack align="center" gap="md">
        <Loader type="dots" size="lg" />
        <Text className={classes.message} data-testid="loading-message">
          {message}
        </Text>
      </Stack>
    </Box>
  );
}
