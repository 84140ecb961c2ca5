import { Link } from 'react-router-dom';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';

/** Last-resort boundary: a page chunk failed to load (new deploy, network) or a page crashed. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : '';
  return (
    <Container size={640} py={80}>
      <Stack gap="md" align="flex-start">
        <Title order={1} fz={28}>
          Что-то пошло не так
        </Title>
        <Text c="dimmed">Не удалось показать страницу. Обновите её — скорее всего, вышла новая версия приложения.</Text>
        {detail && (
          <Text size="sm" c="dimmed" ff="monospace">
            {detail}
          </Text>
        )}
        <Group>
          <Button onClick={() => window.location.reload()}>Обновить</Button>
          <Button component={Link} to="/" variant="default">
            На главную
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
