import { lazy } from 'react';
import type { AdminGameData } from '@eve-toolkit/shared-types';
import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ChartFigure } from '../../../shared/ui/chart-figure';
import { PageHeader } from '../../../shared/ui/page-header';
import { useKillSessions, useLiveAdmin, useMainStats, useStartUpdateLibs, useUpdateLibsStatus } from '../api/admin.api';
import { ListState, SaveError, formatDateTime } from '../components/admin-ui';
import { REGISTRATIONS_CHART_HEIGHT } from '../lib/registrations';

const RegistrationsChart = lazy(() => import('../components/registrations-chart'));

/** /best_admin/main (and /best_admin/eve_items): registrations, visitors, sessions reset and the game-data update. */
export default function AdminMainPage() {
  useLiveAdmin();
  const stats = useMainStats();
  const kill = useKillSessions();
  const status = useUpdateLibsStatus();
  const start = useStartUpdateLibs();
  const job = status.data?.job ?? null;
  const running = job?.state === 'running';

  return (
    <Stack>
      <PageHeader title="Статистика" description="Регистрации пользователей и посетители за последние сутки." />
      <ListState isPending={stats.isPending} error={stats.error}>
        {stats.data && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Stat label="Пользователей" value={stats.data.users.dates.length} />
              <Stat label={`Гостей за ${stats.data.window_hours} ч`} value={stats.data.unauth} testId="stat-unauth" />
              <Stat label={`Авторизованных за ${stats.data.window_hours} ч`} value={stats.data.auth} testId="stat-auth" />
            </SimpleGrid>
            <Paper withBorder p="md" radius="md">
              <Title order={2} fz={18} mb="sm">
                Регистрации по дням
              </Title>
              <ChartFigure
                caption="Регистрации по дням"
                columns={['День', 'Регистраций']}
                rows={stats.data.users.per_day.map((d) => [d.date.split('-').reverse().join('.'), String(d.count)])}
                height={REGISTRATIONS_CHART_HEIGHT}
              >
                <RegistrationsChart perDay={stats.data.users.per_day} />
              </ChartFigure>
            </Paper>
          </>
        )}
      </ListState>

      <Paper withBorder p="md" radius="md">
        <Title order={2} fz={18} mb="sm">
          Обслуживание
        </Title>
        <Group>
          <Button color="red" variant="light" loading={kill.isPending} onClick={() => kill.mutate()}>
            Сбросить все сессии
          </Button>
          <Button loading={start.isPending} disabled={running} onClick={() => start.mutate()}>
            Обновить библиотеки
          </Button>
        </Group>
        {kill.data && (
          <Text mt="sm" role="status">
            Завершено сессий: {kill.data.sessions}
          </Text>
        )}
        <SaveError error={kill.error ?? start.error} />
        {status.data && <GameDataState gameData={status.data.game_data} />}
        {job && (
          <Stack gap={4} mt="md" data-testid="update-libs">
            <Text size="sm">
              {job.state === 'running' ? 'Выполняется' : job.state === 'done' ? 'Завершено' : 'Ошибка'}: {job.step} ({job.done}/
              {job.total}
              ), запустил {job.started_by} {formatDateTime(job.started_at)}
            </Text>
            <Progress
              value={(job.done / job.total) * 100}
              animated={running}
              color={job.state === 'failed' ? 'red' : undefined}
            />
            {job.error && <Alert color="red">{job.error}</Alert>}
            {job.warnings.map((w) => (
              <Text key={w} size="sm" c="orange">
                {w}
              </Text>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

/** The game data served and the last import's outcome: a failed one (a start-up import too) says when and why. */
function GameDataState({ gameData: { build, status } }: { gameData: AdminGameData }) {
  const served = build
    ? `сборка ${build.buildNumber}${build.releaseDate ? ` от ${build.releaseDate.slice(0, 10).split('-').reverse().join('.')}` : ''}, импортирована ${formatDateTime(build.importedAt)}`
    : 'не загружены';
  return (
    <Stack gap={4} mt="md" data-testid="game-data-state">
      <Text size="sm">Игровые данные: {served}</Text>
      {status?.state === 'importing' && (
        <Text size="sm" c="blue">
          Идёт импорт с {formatDateTime(status.since)}
          {status.step ? `: ${status.step}` : ''}
        </Text>
      )}
      {status?.state === 'failed' && (
        <Alert color="red" title={build ? 'Последнее обновление не удалось' : 'Игровые данные не загружены'}>
          {formatDateTime(status.since)}: {status.reason}
        </Alert>
      )}
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}
