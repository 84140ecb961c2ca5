import { Alert, Text } from '@mantine/core';

/** Spec §8: 'Error in appraisal' first -> the generic message; otherwise a warning box 'Ошибки:' one per line. */
export function AppraisalErrors({ errors, appError }: { errors: string[]; appError: string | null }) {
  if (appError)
    return (
      <Alert color="red" role="alert" data-testid="appraisal-app-error">
        {appError}
      </Alert>
    );
  if (errors.length === 0) return null;
  return (
    <Alert color="yellow" title="Ошибки:" data-testid="appraisal-errors">
      {errors.map((e, i) => (
        <Text key={i} size="sm">
          {e}
        </Text>
      ))}
    </Alert>
  );
}
