import { Link } from 'react-router-dom';
import { Button, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CORP_MESSAGES, type Project } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { isAuthError, useProjects } from '../api/corp.api';
import { useCorpLive } from '../api/corp-live';
import { CorpError } from '../components/corp-error';
import { StatusBadge } from '../components/status-badge';

/** Share of all jobs' quantity delivered so far. */
export function projectProgress(p: Project): number {
  const total = p.jobs.reduce((s, j) => s + j.quantity, 0);
  return total ? (p.jobs.reduce((s, j) => s + Math.min(j.done, j.quantity), 0) / total) * 100 : 0;
}

/** /corp/projects: the corporation's projects with their coloured status, live. */
export default function CorpProjectsPage() {
  useCorpLive();
  const projects = useProjects();

  return (
    <>
      <PageHeader
        title="Проекты"
        description="Производственные проекты корпорации: работы на постройку и закупку с оплатой за прогон."
        actions={
          projects.data?.can_create && (
            <Button component={Link} to="/corp/new_project">
              Создать проект
            </Button>
          )
        }
      />
      {projects.isPending || isAuthError(projects.error) ? (
        <Skeleton height={200} radius="lg" />
      ) : projects.isError ? (
        <CorpError error={projects.error} />
      ) : projects.data.projects.length === 0 ? (
        <Text c="dimmed" data-testid="projects-empty">
          {CORP_MESSAGES.emptyProjects}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="projects">
          {projects.data.projects.map((p) => (
            <Paper
              key={p.id}
              withBorder
              radius="lg"
              p="md"
              component={Link}
              to={`/corp/projects/${p.id}`}
              data-testid={`project-${p.id}`}
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={2} fz={18}>
                    {p.name}
                  </Title>
                  <StatusBadge status={p.status} />
                </Group>
                {p.desc && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {p.desc}
                  </Text>
                )}
                <Progress value={projectProgress(p)} size="sm" aria-label="Выполнено" />
                <Text size="xs" c="dimmed">
                  Работ: {p.jobs.length} · исполнителей: {p.executors.length} · автор {p.author}
                </Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
