import { formatDateTime as formatDateTimeRu } from '@eve-toolkit/shared-types';
import type { FormEventHandler, ReactNode } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Pagination, Paper, Text, TextInput, Title } from '@mantine/core';
import { ADMIN_LIMITS, MESSAGES } from '@eve-toolkit/shared-types';
import { ApiError } from '../../../shared/api-client';

/** Loader while loading; 'Сейчас не работает' when the list answers with an error (spec §2, §8). */
export function ListState({
  isPending,
  error,
  listError,
  children,
}: {
  isPending: boolean;
  error: unknown;
  listError?: string;
  children: ReactNode;
}) {
  if (isPending) return <Loader aria-label="Загрузка" my="md" />;
  if (error || listError) {
    const detail = listError ?? (error instanceof ApiError ? error.message : null);
    return (
      <Alert color="red" title={MESSAGES.notWorking}>
        {detail !== MESSAGES.notWorking && detail}
      </Alert>
    );
  }
  return <>{children}</>;
}

/** A failed save's Russian message (the server's). */
export function SaveError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" mt="sm" role="alert">
      {error instanceof Error ? error.message : String(error)}
    </Alert>
  );
}

/** The red ✕ that deletes a row (`label`: what screen readers announce). */
export function DeleteMark({ label, disabled, onClick }: { label: string; disabled: boolean; onClick: () => void }) {
  return (
    <ActionIcon color="red" variant="subtle" aria-label={label} disabled={disabled} onClick={onClick}>
      ✕
    </ActionIcon>
  );
}

/** A create form under a list: its title, the fields in a row, 'Сохранить', and the save's error. */
export function CreateForm({
  title,
  onSubmit,
  pending,
  error,
  children,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  error: unknown;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={onSubmit} noValidate>
      <Title order={2} fz={18} mb="sm">
        {title}
      </Title>
      <Group align="flex-start">
        {children}
        <Button type="submit" mt={24} loading={pending}>
          Сохранить
        </Button>
      </Group>
      <SaveError error={error} />
    </Paper>
  );
}

/** Search that starts at 2 characters (spec §5) and the pager (10 per page). */
export function SearchBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  const short = value.trim().length > 0 && value.trim().length < ADMIN_LIMITS.searchMinLength;
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      description={short ? `Поиск начинается с ${ADMIN_LIMITS.searchMinLength} символов` : undefined}
      maw={360}
      mb="md"
    />
  );
}

export function Pager({ total, page, onChange }: { total: number; page: number; onChange: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_LIMITS.pageSize));
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        Всего: {total}
      </Text>
      {pages > 1 && <Pagination total={pages} value={page} onChange={onChange} size="sm" />}
    </Group>
  );
}

export const formatDateTime = (iso: string | null) => (iso ? formatDateTimeRu(iso) : '—');
