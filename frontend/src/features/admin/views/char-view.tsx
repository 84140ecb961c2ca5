import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Avatar, Badge, Button, Group, List, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CHECK_CODES, CHECK_RULES, formatPrice, type CharacterCheckResult, type CheckCode } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { useChar, useCheckChar } from '../api/admin.api';
import { ListState, SaveError, formatDateTime } from '../components/admin-ui';
import { CheckHistory } from '../components/check-history';

const CODE_LABELS: Record<CheckCode, string> = {
  all: 'Всё',
  corps: 'История корпораций',
  mail: 'Почта',
  skills: 'Навыки',
  wallet: 'Кошелёк',
  assets: 'Имущество',
};

/** /best_admin/chars/{id}: the character and the check through ESI. */
export default function AdminCharPage() {
  const id = Number(useParams().id);
  const char = useChar(id);
  const check = useCheckChar(id);
  const [code, setCode] = useState<CheckCode>('all');
  const c = char.data?.char;
  return (
    <Stack>
      <PageHeader title={c?.name ?? 'Персонаж'} />
      <ListState isPending={char.isPending} error={char.error}>
        {c && (
          <Paper withBorder p="md" radius="md">
            <Group>
              <Avatar src={c.icon} alt={`Портрет ${c.name}`} size="lg" />
              <Stack gap={2}>
                <Text>ID: {c.id}</Text>
                <Text>Корпорация: {c.corporation_name ?? c.corporation_id ?? '—'}</Text>
                <Text>Аккаунт: {c.user?.username ?? '—'}</Text>
                <Text>Обновлён из ESI: {formatDateTime(c.synced_at)}</Text>
                {c.banned && <Badge color="red">В бан листе</Badge>}
                {c.needs_relink && <Badge color="orange">Требуется повторная привязка</Badge>}
              </Stack>
            </Group>
          </Paper>
        )}
      </ListState>
      <Group align="flex-end">
        <Select
          label="Что проверить"
          data={CHECK_CODES.map((value) => ({ value, label: CODE_LABELS[value] }))}
          value={code}
          onChange={(v) => v && setCode(v as CheckCode)}
          allowDeselect={false}
        />
        <Button loading={check.isPending} onClick={() => check.mutate({ code })}>
          Проверить
        </Button>
      </Group>
      <SaveError error={check.error} />
      {check.data && <CheckResult result={check.data} />}
      {Number.isSafeInteger(id) && id > 0 && <CheckHistory characterId={id} />}
    </Stack>
  );
}

function Section({
  title,
  error,
  warn,
  children,
}: {
  title: string;
  error: string | null;
  warn: boolean;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={`check-${title}`}>
      <Group justify="space-between" mb="xs">
        <Title order={3} fz={16}>
          {title}
        </Title>
        {!error && <Badge color={warn ? 'orange' : 'green'}>{warn ? 'Есть замечания' : 'Чисто'}</Badge>}
      </Group>
      {error ? <Alert color="red">{error}</Alert> : children}
    </Paper>
  );
}

function CheckResult({ result }: { result: CharacterCheckResult }) {
  const { corps, mail, skills, wallet, assets } = result;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Section title="История корпораций" error={corps.error} warn={corps.history.some((h) => h.warning)}>
        <List size="sm">
          {corps.history.map((h) => (
            <List.Item key={`${h.corporation_id}-${h.start_date}`} c={h.warning ? 'orange' : undefined}>
              {h.name ?? h.corporation_id}: с {h.start_date.slice(0, 10)}, {h.days} дн.
              {h.warning && ` — меньше ${CHECK_RULES.shortStayDays} дней`}
            </List.Item>
          ))}
        </List>
      </Section>
      <Section title="Почта" error={mail.error} warn={mail.mails_from.some((m) => m.warning)}>
        <Text size="sm">Писем прочитано: {mail.mails_len}</Text>
        <List size="sm">
          {mail.mails_from.map((m) => (
            <List.Item key={m.id} c={m.warning ? 'red' : undefined}>
              {m.name ?? m.id}: {m.count}
              {m.warning && ' — в бан листе'}
            </List.Item>
          ))}
        </List>
      </Section>
      <Section title="Навыки" error={skills.error} warn={skills.skills_low || skills.warning_skills.length > 0}>
        <Text size="sm" c={skills.skills_low ? 'orange' : undefined}>
          Всего SP: {skills.total_sp.toLocaleString('ru-RU')}
          {skills.skills_low && ` — меньше ${CHECK_RULES.lowSkillPoints.toLocaleString('ru-RU')}`}
        </Text>
        {skills.warning_skills.map((s) => (
          <Text key={s.id} size="sm" c="orange">
            {s.name} {s.level}
          </Text>
        ))}
      </Section>
      <Section
        title="Кошелёк"
        error={wallet.error}
        warn={wallet.low_transactions || wallet.assets_low || wallet.got_transaction.length > 0}
      >
        <Text size="sm" c={wallet.assets_low ? 'orange' : undefined}>
          Баланс: {wallet.balance === null ? '—' : `${formatPrice(wallet.balance)} ISK`}
        </Text>
        <Text size="sm" c={wallet.low_transactions ? 'orange' : undefined}>
          Записей в журнале: {wallet.journal_len}
        </Text>
        {wallet.got_transaction.map((t) => (
          <Text key={`${t.kind}-${t.date}-${t.party_id}`} size="sm" c="red">
            {t.date.slice(0, 10)} {t.party_name ?? t.party_id}: {formatPrice(t.amount)} ISK ({t.description})
          </Text>
        ))}
      </Section>
      <Section title="Имущество" error={assets.error} warn={assets.warning_assets.length > 0}>
        {assets.warning_assets.length === 0 ? (
          <Text size="sm">Ничего подозрительного</Text>
        ) : (
          assets.warning_assets.map((a) => (
            <Text key={`${a.type_id}-${a.location_id}`} size="sm" c="orange">
              {a.name} × {a.quantity}
            </Text>
          ))
        )}
      </Section>
    </SimpleGrid>
  );
}
