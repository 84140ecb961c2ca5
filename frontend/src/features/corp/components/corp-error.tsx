import { Alert } from '@mantine/core';
import { errorText } from '../api/corp.api';

/** A failed corporation call in the server's words (401/403 never get here: they redirect). */
export function CorpError({ error, title = 'Ошибка' }: { error: unknown; title?: string }) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {errorText(error)}
    </Alert>
  );
}
