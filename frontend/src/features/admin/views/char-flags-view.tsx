import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { CHECK_FLAG_KINDS, CHECK_FLAG_LABELS, countRu, type CheckFlagKind } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAckFlags, useCharFlags, useLiveAdmin, useRunCharChecks } from '../api/admin.api';
import { FlagsTable } from '../components/flags-table';
import { ListState, Pager, SaveError, formatDateTime } from '../components/admin-ui';

const STATUS = [
  { value: 'open', label: 'Новые' },
  { value: 'all', label: 'Все' },
];

/** /best_admin/chars?view=flags: what the scheduled character checks found, newest first; filter and acknowledge. */
export default function AdminCharFlagsPage() {
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const [kind, setKind] = useState<CheckFlagKind | null>(null);
  const [page, setPage] = useState(1);
  const flags = useCharFlags(status, kind, page);
  useLiveAdmin();
  const ack = useAckFlags();
  const runNow = useRunCharChecks();
  const data = flags.data;
  const running = Boolean(data?.run && !data.run.finished_at);
  const open = data?.flags.filter((f) => !f.acknowledged) ?? [];
  return (
    <Stack gap="sm">
      <PageHeader
        title="Изменения персонажей"
        actions={
          <Anchor component={Link} to="/best_admin/chars">
            Все персонажи
          </Anchor>
        }
      />
      <Group gap="sm" align="center">
        {data && <RunLine run={data.run} intervalHours={data.interval_hours} />}
        <Button size="xs" variant="default" loading={runNow.isPending} disabled={running} onClick={() => runNow.mutate({})}>
          Проверить всех сейчас
        </Button>
      </Group>
      <SaveError error={runNow.error} />
      <Group align="flex-end">
        <SegmentedControl
          aria-label="Какие изменения показать"
          data={STATUS}
          value={status}
          onChange={(v) => {
            setStatus(v as 'open' | 'all');
            setPage(1);
          }}
        />
        <NativeSelect
          label="Вид изменения"
          data={[{ value: '', label: 'Все виды' }, ...CHECK_FLAG_KINDS.map((k) => ({ value: k, label: CHECK_FLAG_LABELS[k] }))]}
          value={kind ?? ''}
          onChange={(e) => {
            setKind((e.currentTarget.value || null) as CheckFlagKind | null);
            setPage(1);
          }}
        />
        {open.length > 1 && (
          <Button variant="default" loading={ack.isPending} onClick={() => ack.mutate({ ids: open.map((f) => f.id) })}>
            Отметить все на странице
          </Button>
        )}
      </Group>
      <SaveError error={ack.error} />
      <ListState isPending={flags.isPending} error={flags.error}>
        {data && data.flags.length === 0 ? (
          <Text c="dimmed">{status === 'open' ? 'Новых изменений нет' : 'Изменений не найдено'}</Text>
        ) : (
          data && <FlagsTable flags={data.flags} withCharacter onAck={(ids) => ack.mutate({ ids })} pending={ack.isPending} />
        )}
        {data && data.total > 0 && <Pager total={data.total} page={page} onChange={setPage} />}
      </ListState>
    </Stack>
  );
}

function RunLine({
  run,
  intervalHours,
}: {
  run: { started_at: string; finished_at: string | null; checked: number; flagged: number } | null;
  intervalHours: number;
}) {
  const schedule =
    intervalHours > 0
      ? `Проверка всех персонажей каждые ${countRu(intervalHours, ['час', 'часа', 'часов'])}.`
      : 'Плановая проверка выключена.';
  if (!run) return <Text size="sm">{schedule} Проверок ещё не было.</Text>;
  return (
    <Text size="sm">
      {schedule} Последняя: {formatDateTime(run.started_at)}
      {run.finished_at ? '' : ' (идёт)'}, {countRu(run.checked, ['персонаж', 'персонажа', 'персонажей'])}, изменений:{' '}
      {run.flagged}.
    </Text>
  );
}
