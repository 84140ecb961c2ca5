import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { HUBS, type SrpRequest, type SrpSettings } from '@eve-toolkit/shared-types';
import { CardTable } from '../../../shared/ui/card-table';
import { CopyButton } from '../../../shared/ui/copy-button';
import { NumberField } from '../../../shared/ui/number-field';
import {
  errorText,
  useDecideSrp,
  useGrantSrp,
  usePaySrp,
  useRelinkSrp,
  useSaveSrpSettings,
  useSrpDoctrines,
  useSrpPings,
  useSrpSettings,
} from '../api/srp.api';
import { srpCsv, srpReport, type ReportBy } from '../lib/reports';
import { et, FleetCell, isk, LossValue } from './srp-parts';

/** One pending request: approve with the suggested payout (editable) or deny with a reason. */
/** The fleet a pending request belongs to, changeable by the manager (the window's guess may be wrong). */
function FleetSelect({ r }: { r: SrpRequest }) {
  const pings = useSrpPings(true);
  const relink = useRelinkSrp();
  const options = [
    { value: '', label: 'Вне флота' },
    ...(pings.data?.events ?? []).map((p) => ({ value: p.id, label: `${p.name} (${et(p.date)})` })),
  ];
  if (r.ping && !options.some((o) => o.value === r.ping!.id)) options.push({ value: r.ping.id, label: r.ping.name });
  return (
    <Stack gap={4}>
      <NativeSelect
        size="xs"
        aria-label={`Флот заявки: ${r.ship.name}, ${r.character.name}`}
        data={options}
        value={r.ping?.id ?? ''}
        disabled={relink.isPending}
        onChange={(e) => relink.mutate({ id: r.id, ping_id: e.currentTarget.value || null })}
        w={290}
        maw="100%"
      />
      {relink.isError && (
        <Text size="xs" c="red" role="alert">
          {errorText(relink.error)}
        </Text>
      )}
    </Stack>
  );
}

function QueueRow({ r }: { r: SrpRequest }) {
  const decide = useDecideSrp();
  const [amount, setAmount] = useState<number | null>(r.suggested_payout);
  const [reason, setReason] = useState('');
  return (
    <Table.Tr data-testid={`queue-${r.killmail_id}`}>
      <Table.Td data-label="Потеря">
        <div>
          <Text size="sm" fw={600}>
            {r.ship.name} — {r.character.name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.system.name}, {et(r.time)} · подал {r.filed_by}
          </Text>
          {r.comment && <Text size="xs">«{r.comment}»</Text>}
        </div>
      </Table.Td>
      <Table.Td data-label="Стоимость">
        <div>
          <LossValue r={r} />
          {r.insurance !== null && (
            <Text size="xs" c="dimmed">
              Платина: {isk(r.insurance)}
            </Text>
          )}
        </div>
      </Table.Td>
      <Table.Td data-label="Флот">
        {/* Shrinks to a phone's card (the select with it), takes the select's 290 px on a wide screen. */}
        <Stack gap={4} miw={0}>
          <FleetCell r={r} />
          <FleetSelect r={r} />
        </Stack>
      </Table.Td>
      <Table.Td data-label="Решение">
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap" align="flex-end">
            <NumberField
              label="Выплата, ISK"
              size="xs"
              value={amount}
              allowEmpty
              min={0}
              max={1e13}
              onChange={setAmount}
              w={150}
              description={r.suggested_payout === null ? 'Стоимость неизвестна: укажите сумму' : undefined}
            />
            <Button
              size="xs"
              color="teal"
              disabled={amount === null}
              loading={decide.isPending && decide.variables?.decision === 'approve'}
              aria-label={`Одобрить заявку: ${r.ship.name}, ${r.character.name}`}
              onClick={() => amount !== null && decide.mutate({ id: r.id, decision: 'approve', amount })}
            >
              Одобрить
            </Button>
          </Group>
          <Group gap="xs" wrap="wrap" align="flex-end">
            <TextInput
              size="xs"
              label="Причина отказа"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              w={150}
            />
            <Button
              size="xs"
              color="red"
              variant="light"
              disabled={!reason.trim()}
              loading={decide.isPending && decide.variables?.decision === 'deny'}
              aria-label={`Отклонить заявку: ${r.ship.name}, ${r.character.name}`}
              onClick={() => decide.mutate({ id: r.id, decision: 'deny', reason })}
            >
              Отклонить
            </Button>
          </Group>
          {decide.isError && (
            <Text size="xs" c="red" role="alert">
              {errorText(decide.error)}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

export function QueuePanel({ requests }: { requests: SrpRequest[] }) {
  const pending = requests.filter((r) => r.status === 'pending');
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="srp-queue-title">
      <Stack gap="sm">
        <Title order={2} fz={18} id="srp-queue-title">
          Очередь заявок ({pending.length})
        </Title>
        {pending.length === 0 ? (
          <Text c="dimmed">Новых заявок нет</Text>
        ) : (
          <CardTable minWidth={860} data-testid="srp-queue" aria-live="polite">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Потеря</Table.Th>
                <Table.Th>Стоимость</Table.Th>
                <Table.Th>Флот</Table.Th>
                <Table.Th>Решение</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pending.map((r) => (
                <QueueRow key={r.id} r={r} />
              ))}
            </Table.Tbody>
          </CardTable>
        )}
      </Stack>
    </Paper>
  );
}

/** Approved requests: copy the pilot's name and the amount for «Give ISK», mark paid one or a batch. */
export function PayPanel({ requests }: { requests: SrpRequest[] }) {
  const approved = requests.filter((r) => r.status === 'approved');
  const pay = usePaySrp();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const chosen = approved.filter((r) => picked.has(r.id));
  const total = chosen.reduce((s, r) => s + (r.payout ?? 0), 0);
  const toggle = (id: string, on: boolean) =>
    setPicked((p) => {
      const next = new Set(p);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="srp-pay-title">
      <Stack gap="sm">
        <Title order={2} fz={18} id="srp-pay-title">
          К выплате ({approved.length})
        </Title>
        {pay.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(pay.error)}
          </Alert>
        )}
        {approved.length === 0 ? (
          <Text c="dimmed">Одобренных заявок нет</Text>
        ) : (
          <>
            <CardTable minWidth={720} data-testid="srp-pay" aria-live="polite">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      size="md"
                      aria-label="Выбрать все"
                      checked={chosen.length === approved.length}
                      indeterminate={chosen.length > 0 && chosen.length < approved.length}
                      onChange={(e) => setPicked(e.currentTarget.checked ? new Set(approved.map((r) => r.id)) : new Set())}
                    />
                  </Table.Th>
                  <Table.Th>Пилот</Table.Th>
                  <Table.Th>Сумма</Table.Th>
                  <Table.Th>Потеря</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {approved.map((r) => (
                  <Table.Tr key={r.id} data-testid={`pay-${r.killmail_id}`}>
                    <Table.Td>
                      <Checkbox
                        size="md"
                        aria-label={`Выбрать: ${r.character.name}`}
                        checked={picked.has(r.id)}
                        onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td data-label="Пилот">
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">{r.character.name}</Text>
                        <CopyButton text={() => r.character.name} label="Имя" title="Для «Give ISK» в игре" />
                      </Group>
                    </Table.Td>
                    <Table.Td data-label="Сумма">
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">{isk(r.payout)}</Text>
                        <CopyButton text={() => String(r.payout ?? '')} label="Сумма" title="Для «Give ISK» в игре" />
                      </Group>
                    </Table.Td>
                    <Table.Td data-label="Потеря">
                      {r.ship.name}, {et(r.time)}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Выплачено: ${r.character.name}, ${isk(r.payout)}`}
                        loading={pay.isPending && pay.variables?.ids.length === 1 && pay.variables.ids[0] === r.id}
                        onClick={() => pay.mutate({ ids: [r.id] })}
                      >
                        Выплачено
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </CardTable>
            <Group>
              <Button
                disabled={chosen.length === 0}
                loading={pay.isPending && (pay.variables?.ids.length ?? 0) > 1}
                onClick={() => pay.mutate({ ids: chosen.map((r) => r.id) }, { onSuccess: () => setPicked(new Set()) })}
              >
                Отметить выплаченными ({chosen.length}, {isk(total)})
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

const BY_LABEL: Record<ReportBy, string> = { pilot: 'Пилот', fleet: 'Флот', month: 'Месяц' };

/** Totals per pilot, fleet or month, and every request as CSV. */
export function ReportsPanel({ requests }: { requests: SrpRequest[] }) {
  const [by, setBy] = useState<ReportBy>('pilot');
  const rows = useMemo(() => srpReport(requests, by), [requests, by]);
  const download = () => {
    const url = URL.createObjectURL(new Blob([srpCsv(requests)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'srp.csv';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="srp-reports-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz={18} id="srp-reports-title">
            Отчёты
          </Title>
          <Group gap="sm">
            <SegmentedControl
              aria-label="Группировать"
              value={by}
              onChange={(v) => setBy(v as ReportBy)}
              data={(Object.keys(BY_LABEL) as ReportBy[]).map((k) => ({ value: k, label: BY_LABEL[k] }))}
            />
            <Button variant="light" onClick={download} disabled={requests.length === 0}>
              Скачать CSV
            </Button>
          </Group>
        </Group>
        {rows.length === 0 ? (
          <Text c="dimmed">Заявок пока нет</Text>
        ) : (
          <CardTable minWidth={640} data-testid="srp-report">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{BY_LABEL[by]}</Table.Th>
                <Table.Th>Заявок</Table.Th>
                <Table.Th>Потери</Table.Th>
                <Table.Th>Одобрено</Table.Th>
                <Table.Th>Выплачено</Table.Th>
                <Table.Th>Отказов</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td data-label={BY_LABEL[by]}>{row.label}</Table.Td>
                  <Table.Td data-label="Заявок">{row.requests}</Table.Td>
                  <Table.Td data-label="Потери">
                    <div>
                      {isk(row.lossValue)}
                      {row.unknownValues > 0 && (
                        <Text size="xs" c="orange">
                          без оценки {row.unknownValues} из {row.requests}
                        </Text>
                      )}
                    </div>
                  </Table.Td>
                  <Table.Td data-label="Одобрено">{isk(row.approved)}</Table.Td>
                  <Table.Td data-label="Выплачено">{isk(row.paid)}</Table.Td>
                  <Table.Td data-label="Отказов">{row.denied}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </CardTable>
        )}
      </Stack>
    </Paper>
  );
}

/** A fixed amount for each doctrine fit (a loss matching no fit with an amount gets the share). */
function FixedAmounts({ fixed, onChange }: { fixed: Record<string, number>; onChange: (f: Record<string, number>) => void }) {
  const doctrines = useSrpDoctrines(true);
  const fits = (doctrines.data?.doctrines ?? []).flatMap((d) => d.fits.map((f) => ({ id: f.id, label: `${d.name}: ${f.name}` })));
  if (doctrines.isPending) return <Text size="sm">Загрузка доктрин…</Text>;
  if (fits.length === 0)
    return (
      <Text size="sm" c="dimmed">
        В библиотеке корпорации нет доктрин: выплата считается долей стоимости.
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="srp-fixed">
      {fits.map((f) => (
        <NumberField
          key={f.id}
          label={`${f.label}, ISK`}
          value={fixed[f.id] ?? null}
          allowEmpty
          min={0}
          max={1e13}
          w={260}
          onChange={(v) => {
            const next = { ...fixed };
            if (v === null) delete next[f.id];
            else next[f.id] = v;
            onChange(next);
          }}
        />
      ))}
    </Stack>
  );
}

function RuleForm({ settings }: { settings: SrpSettings }) {
  const save = useSaveSrpSettings();
  const [s, setS] = useState(settings);
  // The two rules side by side are wider than a phone's card: one above the other there.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', xs: 'horizontal' });
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Правило"
        orientation={orientation}
        value={s.rule}
        onChange={(v) => setS({ ...s, rule: v as SrpSettings['rule'] })}
        data={[
          { value: 'share', label: 'Доля стоимости' },
          { value: 'fixed', label: 'Сумма за фит доктрины' },
        ]}
        w="fit-content"
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label="Хаб оценки"
          data={HUBS.map((h) => ({ value: String(h.id), label: h.label }))}
          value={String(s.hub_id)}
          onChange={(e) => setS({ ...s, hub_id: Number(e.currentTarget.value) })}
          w={160}
        />
        <NumberField
          label={s.rule === 'fixed' ? 'Доля (без суммы за фит), %' : 'Доля стоимости, %'}
          value={Math.round(s.share * 1000) / 10}
          min={0}
          max={100}
          decimals={1}
          onChange={(v) => setS({ ...s, share: (v ?? 0) / 100 })}
          w={200}
        />
        <Switch
          size="md"
          label="Минус страховка «Платина»"
          checked={s.minus_insurance}
          onChange={(e) => setS({ ...s, minus_insurance: e.currentTarget.checked })}
        />
      </Group>
      {s.rule === 'fixed' && <FixedAmounts fixed={s.fixed} onChange={(fixed) => setS({ ...s, fixed })} />}
      <Group>
        <Button variant="light" loading={save.isPending} onClick={() => save.mutate(s)}>
          Сохранить правило
        </Button>
      </Group>
      {save.isError && (
        <Text size="sm" c="red" role="alert">
          {errorText(save.error)}
        </Text>
      )}
    </Stack>
  );
}

function GrantForm() {
  const grant = useGrantSrp();
  const [username, setUsername] = useState('');
  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label="Пользователь" value={username} onChange={(e) => setUsername(e.currentTarget.value)} w={200} />
        <Button variant="light" disabled={!username.trim()} onClick={() => grant.mutate({ username, grant: true })}>
          Назначить менеджером СРП
        </Button>
        <Button variant="subtle" color="red" disabled={!username.trim()} onClick={() => grant.mutate({ username, grant: false })}>
          Снять
        </Button>
      </Group>
      {grant.isError && (
        <Text size="sm" c="red" role="alert">
          {errorText(grant.error)}
        </Text>
      )}
    </Stack>
  );
}

/** The corporation's rule and, for admins, who else manages SRP. */
export function SettingsPanel() {
  const settings = useSrpSettings(true);
  if (!settings.data) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="srp-settings-title">
      <Stack gap="sm">
        <Title order={2} fz={18} id="srp-settings-title">
          Правило выплат
        </Title>
        <Text size="sm" c="dimmed">
          Предлагаемая выплата — доля стоимости потери (корпус, фит и груз, уничтоженное и выпавшее, по ценам хаба в день потери),
          по желанию минус выплата страховки «Платина». Менеджер может изменить сумму.
        </Text>
        <RuleForm key={JSON.stringify(settings.data.settings)} settings={settings.data.settings} />
        <Text size="sm">
          Менеджеры СРП: админы и {settings.data.managers.length ? settings.data.managers.join(', ') : 'больше никто'}
        </Text>
        {settings.data.can_grant && <GrantForm />}
      </Stack>
    </Paper>
  );
}

/** Everything a manager works with, in the order of the work: decide, pay, report, the rule. */
export function ManagerPanels({ requests }: { requests: SrpRequest[] }) {
  return (
    <Stack gap="lg">
      <QueuePanel requests={requests} />
      <PayPanel requests={requests} />
      <ReportsPanel requests={requests} />
      <SettingsPanel />
    </Stack>
  );
}
