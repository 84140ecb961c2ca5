import { Fragment, lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Anchor, Badge, Button, Group, Paper, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { CardTable } from '../../../shared/ui/card-table';
import {
  ACTIVITY_LETTER,
  formatNumber,
  formatPrice,
  type JobExecutor,
  type Project,
  type ProjectJob,
  type ProjectStatus,
} from '@eve-toolkit/shared-types';
import { useSocketEvent } from '../../../shared/socket';
import { PageHeader } from '../../../shared/ui/page-header';
import { TypeIcon } from '../../../shared/ui/type-icon';
import { isAuthError, useProject, useUpdateProject } from '../api/corp.api';
import { useCorpLive } from '../api/corp-live';
import { CorpError } from '../components/corp-error';
import { StatusBadge } from '../components/status-badge';

// Moderator controls (the status dropdown) and claiming (the panel under a job) load on their own.
const JobClaim = lazy(() => import('../components/job-claim').then((m) => ({ default: m.JobClaim })));
const StatusSelect = lazy(() => import('../components/status-select').then((m) => ({ default: m.StatusSelect })));

/** Spec §4: build jobs are taken while the project is working, buy jobs while it is waiting (and not yet complete). */
export function jobOpen(project: Project, job: ProjectJob): boolean {
  if (job.done >= job.quantity) return false;
  return job.type === 'build' ? project.status === 'working' : project.status === 'waiting';
}

function Executors({ list }: { list: JobExecutor[] }) {
  if (list.length === 0)
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {list.map((e) => (
        <Group key={e.char_id} gap={6} wrap="nowrap">
          <TypeIcon src={e.icon} size={20} />
          <Text size="xs">
            {e.name}: {formatNumber(e.runs)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** /corp/projects/:id: name, description, coloured status, jobs with executors; moderators change the status. */
export default function CorpProjectPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  useCorpLive();
  useSocketEvent('corp:project-deleted', ({ projectId }) => {
    if (projectId === id) navigate('/corp/projects', { replace: true });
  });
  const query = useProject(id);
  const update = useUpdateProject();
  /** The job whose claim panel is open under its row. */
  const [claimFor, setClaimFor] = useState<string | null>(null);

  if (query.isPending || isAuthError(query.error)) return <Skeleton height={320} radius="lg" />;
  if (query.isError)
    return (
      <Stack gap="sm" align="flex-start">
        <CorpError error={query.error} />
        <Anchor component={Link} to="/corp/projects">
          ← К проектам
        </Anchor>
      </Stack>
    );

  const { project, can_moderate: canModerate } = query.data;
  const setStatus = (status: ProjectStatus) => update.mutate({ project_id: project.id, type: 'update', new_status: status });
  const remove = () =>
    update.mutate(
      { project_id: project.id, type: 'del', new_status: 'ready' },
      { onSuccess: () => navigate('/corp/projects', { replace: true }) },
    );

  return (
    <>
      <Anchor component={Link} to="/corp/projects" size="sm">
        ← К проектам
      </Anchor>
      <PageHeader
        title={project.name}
        description={project.desc || undefined}
        actions={
          <Group gap="sm" data-testid="project-header-status">
            <StatusBadge status={project.status} />
            {canModerate && (
              <Suspense fallback={<Skeleton height={36} w={170} />}>
                <StatusSelect status={project.status} onChange={setStatus} disabled={update.isPending} />
              </Suspense>
            )}
            {canModerate && project.status === 'ready' && (
              <Button color="red" onClick={remove} loading={update.isPending && update.variables?.type === 'del'}>
                УДАЛИТЬ
              </Button>
            )}
          </Group>
        }
      />
      {update.isError && !isAuthError(update.error) && <CorpError error={update.error} title="Не удалось изменить проект" />}
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <Title order={2} fz={18} mb="sm">
            Работы
          </Title>
          <CardTable verticalSpacing="sm" minWidth={760} data-testid="project-jobs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <span className="visually-hidden">Значок</span>
                </Table.Th>
                <Table.Th>Название</Table.Th>
                <Table.Th>Тип</Table.Th>
                <Table.Th>Оплата, ISK</Table.Th>
                <Table.Th>Выполнено</Table.Th>
                <Table.Th>Исполнители</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Действия</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {project.jobs.map((j) => {
                const open = jobOpen(project, j);
                const claiming = open && claimFor === j.id;
                const find = j.type === 'build' ? 'Найти мои работы' : 'Найти мои контракты';
                return (
                  <Fragment key={j.id}>
                    <Table.Tr data-testid={`job-${j.id}`}>
                      <Table.Td w={48}>
                        <TypeIcon src={j.icon} size={32} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm" fw={500}>
                            {j.name}
                          </Text>
                          {j.activity_id && (
                            <Badge
                              size="xs"
                              variant="outline"
                              miw="max-content"
                              title={j.activity_id === 1 ? 'Производство' : 'Реакция'}
                            >
                              {ACTIVITY_LETTER[j.activity_id]}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td data-label="Тип">
                        {/* A badge's label may shrink to "…": keep the word whole, let the table give room. */}
                        <Badge variant="light" color={j.type === 'build' ? 'blue' : 'grape'} miw="max-content">
                          {j.type === 'build' ? 'постройка' : 'закупка'}
                        </Badge>
                      </Table.Td>
                      <Table.Td data-label="Оплата, ISK">
                        {j.pay ? (
                          <Text size="sm" data-testid="job-pay">
                            {formatPrice(j.pay)} {j.type === 'build' ? 'за прогон' : 'за шт.'}
                          </Text>
                        ) : (
                          <Text size="sm" c="dimmed" data-testid="job-pay">
                            без оплаты
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td miw={140} data-label="Выполнено">
                        <div>
                          <Text size="sm" data-testid="job-progress">
                            {formatNumber(j.done)} / {formatNumber(j.quantity)}
                          </Text>
                          <Progress
                            value={j.quantity ? (Math.min(j.done, j.quantity) / j.quantity) * 100 : 0}
                            size="xs"
                            miw={100}
                            aria-label={`${j.name}: выполнено ${formatNumber(j.done)} из ${formatNumber(j.quantity)}`}
                          />
                        </div>
                      </Table.Td>
                      <Table.Td data-label="Исполнители">
                        <Executors list={j.executors} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {open && (
                          <Button
                            size="compact-xs"
                            variant={claiming ? 'filled' : 'light'}
                            onClick={() => setClaimFor(claiming ? null : j.id)}
                            aria-expanded={claiming}
                            aria-label={`${find}: ${j.name}`}
                          >
                            {find}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                    {claiming && (
                      <Table.Tr>
                        <Table.Td colSpan={7}>
                          <Suspense fallback={<Skeleton height={80} />}>
                            <JobClaim projectId={project.id} job={j} onClose={() => setClaimFor(null)} />
                          </Suspense>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </CardTable>
          <Text size="xs" c="dimmed" mt="xs">
            Работы на постройку принимаются, пока проект строится; закупки контрактом на корпорацию — пока проект в подготовке.
          </Text>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={2} fz={18} mb="sm">
            Исполнители
          </Title>
          <Executors list={project.executors} />
        </Paper>
      </Stack>
    </>
  );
}
