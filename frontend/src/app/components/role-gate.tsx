import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, type Role } from '@eve-toolkit/shared-types';
import { hasAnyRole, useSession } from '../../shared/session';
import { LoadingView } from '../../shared/ui/loading-view';

export const ACCESS_DENIED_TITLE = 'Доступ ограничен';

/**
 * Hides a section from sessions without the role. Only a convenience: the server enforces
 * every permission, and 401/403 from its calls redirect to /market/list (spec §6).
 */
export function RoleGate({ roles, who, children }: { roles: readonly Role[]; who: string; children: ReactNode }) {
  const { data, isPending, isError } = useSession();
  if (isPending) return <LoadingView fullScreen={false} />;
  if (isError) {
    return (
      <Text role="alert" c="red">
        {MESSAGES.sessionFailed}
      </Text>
    );
  }
  if (hasAnyRole(data, roles)) return <>{children}</>;
  return (
    <Paper withBorder radius="lg" p="xl" maw={620}>
      <Stack gap="sm" align="flex-start">
        <Title order={1} fz={22}>
          {ACCESS_DENIED_TITLE}
        </Title>
        <Text c="dimmed">Этот раздел доступен только {who}.</Text>
        {data?.isAuthenticated ? (
          <Text size="sm">Если роль нужна, напишите администратору корпорации.</Text>
        ) : (
          <Button component={Link} to="/account/login">
            Войти
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
