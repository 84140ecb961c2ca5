import { useState } from 'react';
import { Box, Loader, Stack, Text } from '@mantine/core';
import { pickLoadingMessage } from './loading-messages';
import classes from './loading-view.module.css';

export interface LoadingViewProps {
  /** Cover the whole viewport (app start, route chunks). Otherwise fill the content area. */
  fullScreen?: boolean;
}

/** Loading state with one random humorous message, picked once per mount. */
export function LoadingView({ fullScreen = true }: LoadingViewProps) {
  const [message] = useState(() => pickLoadingMessage());
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
