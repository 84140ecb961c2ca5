import { Alert, Button, Group, Text } from '@mantine/core';
import type { AppraisalSuggestion } from '@eve-toolkit/shared-types';

/**
 * Spec §8: 'Error in appraisal' first -> the generic message; otherwise a warning box 'Ошибки:'
 * one per line, each unrecognised line followed by «Возможно, вы имели в виду: …» when names come
 * close (buttons that put the name into the line, when the paste is in the box).
 */
export function AppraisalErrors({
  errors,
  appError,
  suggestions = [],
  onPick,
}: {
  errors: string[];
  appError: string | null;
  suggestions?: AppraisalSuggestion[];
  onPick?: (s: AppraisalSuggestion, name: string) => void;
}) {
  if (appError)
    return (
      <Alert color="red" role="alert" data-testid="appraisal-app-error">
        {appError}
      </Alert>
    );
  if (errors.length === 0) return null;
  const byLine = new Map(suggestions.map((s) => [s.line, s]));
  return (
    <Alert color="yellow" title="Ошибки:" data-testid="appraisal-errors">
      {errors.map((e, i) => {
        const line = /^Строка (\d+):/.exec(e);
        const s = line ? byLine.get(Number(line[1])) : undefined;
        return (
          <div key={i}>
            <Text size="sm">{e}</Text>
            {s && (
              <Group gap={6} ml="md" mb={4} wrap="wrap" data-testid={`suggestions-${s.line}`}>
                <Text size="sm" c="dimmed">
                  Возможно, вы имели в виду:
                </Text>
                {s.names.map((name) =>
                  onPick ? (
                    <Button key={name} size="compact-xs" variant="light" onClick={() => onPick(s, name)}>
                      {name}
                    </Button>
                  ) : (
                    <Text key={name} size="sm" fw={600}>
                      «{name}»
                    </Text>
                  ),
                )}
              </Group>
            )}
          </div>
        );
      })}
    </Alert>
  );
}
