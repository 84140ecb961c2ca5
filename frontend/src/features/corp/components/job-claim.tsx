import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { formatNumber, type CandidateJob, type ProjectJob } from '@eve-toolkit/shared-types';
import { TypeIcon } from '../../../shared/ui/type-icon';
import { errorText, isAuthError, usePushJobs, useVerifyJob } from '../api/corp.api';

const key = (c: CandidateJob) => `${c.char_id}:${c.job_id}`;

/**
 * A member looks for their own game jobs (build) or contracts to the corporation (buy) that fit
 * this project job (POST verify_job), ticks some and claims them (POST push_jobs). The server
 * re-reads them from the game and never credits more than the job needs.
 */
export function JobClaim({ projectId, job }: { projectId: string; job: ProjectJob }) {
  const verify = useVerifyJob();
  const push = usePushJobs();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [credited, setCredited] = useState<number | null>(null);
  const candidates = verify.data?.candidates ?? null;
  const label = job.type === 'build' ? 'Найти мои работы' : 'Найти мои контракты';

  const look = () => {
    setChosen(new Set());
    setCredited(null);
    push.reset();
    verify.mutate({ project_id: projectId, job_id: job.id });
  };
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
          job.type === 'build' ? { char_id: c.char_id, job_id: c.job_id } : { char_id: c.char_id, contract_id: c.job_id },
        ),
      });
      setCredited(res.credited);
      verify.reset();
      setChosen(new Set());
    } catch {
      // shown from push.error
    }
  };
  const failure = [verify.error, push.error].find((e) => e && !isAuthError(e));

  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Button size="compact-xs" variant="light" onClick={look} loading={verify.isPending} aria-label={`${label}: ${job.name}`}>
          {label}
        </Button>
        {credited !== null && (
          <Text size="xs" c="green" role="status">
            Засчитано: {formatNumber(credited)}
          </Text>
        )}
      </Group>
      {failure && (
        <Alert color="red" variant="light" p="xs" role="alert">
          {errorText(failure)}
        </Alert>
      )}
      {candidates && (
        <Paper withBorder radius="md" p="xs" data-testid={`candidates-${job.id}`}>
          {candidates.length === 0 ? (
            <Text size="sm" c="dimmed">
              {job.type === 'build' ? 'Подходящих работ в игре не найдено' : 'Подходящих контрактов на корпорацию не найдено'}
            </Text>
          ) : (
            <>
              <Table>
                <Table.Tbody>
                  {candidates.map((c) => (
                    <Table.Tr key={key(c)}>
                      <Table.Td>
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
                      <Table.Td>
                        <Text size="sm">
                          {formatNumber(c.runs)} {job.type === 'build' ? 'прог.' : 'шт.'}
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
              </Table>
              <Group justify="flex-end" mt="xs">
                <Button size="compact-sm" onClick={() => void submit()} disabled={chosen.size === 0} loading={push.isPending}>
                  Засчитать выбранные
                </Button>
              </Group>
            </>
          )}
        </Paper>
      )}
    </Stack>
  );
}
