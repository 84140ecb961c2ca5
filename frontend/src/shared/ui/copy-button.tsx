import { useState } from 'react';
import { Button, Group, Text, type ButtonProps } from '@mantine/core';

/** A button that copies text, with a short status beside it; `title` says where the text is meant to go. */
export function CopyButton({
  text,
  label,
  ...props
}: { text: () => string | Promise<string>; label: string; title?: string } & Omit<ButtonProps, 'children' | 'onClick'>) {
  const [status, setStatus] = useState<'ok' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(await text());
      setStatus('ok');
    } catch {
      setStatus('failed');
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" variant="light" {...props} onClick={() => void copy()}>
        {label}
      </Button>
      {status === 'ok' && (
        <Text size="xs" c="teal" role="status">
          Скопировано
        </Text>
      )}
      {status === 'failed' && (
        <Text size="xs" c="red" role="status">
          Не удалось скопировать
        </Text>
      )}
    </Group>
  );
}
