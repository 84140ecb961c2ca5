import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { formatNumber, type CandidateJob, type ProjectJob } from '@eve-toolkit/shared-types';
import { CardTable } from '../../../shared/ui/card-table';
import { TypeIcon } from '../../../shared/ui/type-icon';
import { errorText, isAuthError, usePushJobs, useVerifyJob } from '../api/corp.api';

const key = (c: CandidateJob) => `${c.char_id}:${c.job_id}`;

/**
 * The claim panel of one project job, opened under its row (the whole table's width): it looks
 * for the member's own game jobs (build) or contracts to the corporation (buy) that fit the job
 * (POST verify_job) as soon as it opens, the member ticks some and claims them (POST push_jobs).
 * The server re-reads them from the game and never credits more than the job needs.
 */
export function JobClaim({ projectId, job, onClose }: { projectId: string; job: ProjectJob; onClose: () => void }) {
  const verify = useVerifyJob();
  const push = usePushJobs();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [credited, setCredited] = useState<number | null>(null);
  const candidates = verify.data?.candidates ?? null;
  const build = job.type === 'build';
  const { mutate: look } = verify;

  const refresh = () => {
    setChosen(new Set());
    push.reset();
    look({ project_id: projectId, job_id: job.id });
  };
  useEffect(() => look({ project_id: projectId, job_id: job.id }), [look, projectId, job.id]);

  const toggle = (c: CandidateJob) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(key(c))) next.delete(key(c));
      else next.add(key(c));
      return next;
    });
  const submit = async () => {
    const picked = (candidates ?? []).filter((c) => chosen.has(key(c)));
    try {
      const res = await push.mutateAsync({
        project_id: projectId,
        job_id: job.id,
        job_type: job.type,
        jobs: picked.map((c) =>
          build ? { char_id: c.char_id, job_id: c.job_id } : { char_id: c.char_id, contract_id: c.job_id },
        ),
      });
      setCredited(res.credited);
      setChosen(new Set());
      look({ project_id: projectId, job_id: job.id });
    } catch {
      // shown from push.error
    }
  };
  const failure = [verify.error, push.error].find((e) => e && !isAuthError(e));

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={`claim-${job.id}`}
      aria-label={`Засчитать: ${job.name}`}
      component="section"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {build ? 'Ваши работы в игре' : 'Ваши контракты на корпорацию'}: {job.name}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {credited !== null && (
              <Text size="sm" c="teal.8" role="status">
                Засчитано: {formatNumber(credited)}
              </Text>
            )}
            <Button size="compact-xs" variant="subtle" onClick={refresh} loading={verify.isPending}>
              Обновить
            </Button>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={onClose}>
              Скрыть
            </Button>
          </Group>
        </Group>
        {failure && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        {verify.isPending && !candidates && (
          <Text size="sm" c="dimmed">
            Читаем {build ? 'работы' : 'контракты'} из игры…
          </Text>
        )}
        {candidates &&
          (candidates.length === 0 ? (
            <Text size="sm" c="dimmed">
              {build ? 'Подходящих работ в игре не найдено' : 'Подходящих контрактов на корпорацию не найдено'}
            </Text>
          ) : (
            <div data-testid={`candidates-${job.id}`}>
              <CardTable verticalSpacing={4}>
                <Table.Tbody>
                  {candidates.map((c) => (
                    <Table.Tr key={key(c)}>
                      <Table.Td w={40}>
                        <Checkbox
                          checked={chosen.has(key(c))}
                          onChange={() => toggle(c)}
                          aria-label={`${c.char_name}: ${c.facility_name}, ${c.runs}`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <TypeIcon src={c.char_icon} size={24} />
                          <Text size="sm">{c.char_name}</Text>
                        </Group>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">
                          {formatNumber(c.runs)} {build ? 'прог.' : 'шт.'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <TypeIcon src={c.facility_icon} size={24} />
                          <Text size="sm">{c.facility_name}</Text>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </CardTable>
              <Group justify="flex-end" mt="xs">
                <Button size="compact-sm" onClick={() => void submit()} disabled={chosen.size === 0} loading={push.isPending}>
                  Засчитать выбранные
                </Button>
              </Group>
            </div>
          ))}
      </Stack>
    </Paper>
  );
}
