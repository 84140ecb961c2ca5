import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { CHECK_FLAG_RULES } from '@eve-toolkit/shared-types';
import { CardTable } from '../../../shared/ui/card-table';
import { useAckFlags, useCharHistory, useLiveAdmin } from '../api/admin.api';
import { snapshotCells } from '../lib/check-flags';
import { ListState, SaveError, formatDateTime } from './admin-ui';
import { FlagsTable } from './flags-table';

/** The character's snapshots from the scheduled checks (newest first) and its flags. */
export function CheckHistory({ characterId }: { characterId: number }) {
  const history = useCharHistory(characterId);
  useLiveAdmin();
  const ack = useAckFlags();
  const data = history.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="check-history-title">
      <Title order={2} fz={18} mb="xs" id="check-history-title">
        История плановых проверок
      </Title>
      <ListState isPending={history.isPending} error={history.error}>
        {data && data.history.length === 0 ? (
          <Text c="dimmed" size="sm">
            Плановых проверок этого персонажа ещё не было
          </Text>
        ) : (
          data && (
            <Stack gap="md">
              {data.flags.length > 0 && (
                <Stack gap="xs">
                  <Title order={3} fz={16}>
                    Изменения
                  </Title>
                  <FlagsTable
                    flags={data.flags}
                    withCharacter={false}
                    onAck={(ids) => ack.mutate({ ids })}
                    pending={ack.isPending}
                  />
                  <SaveError error={ack.error} />
                </Stack>
              )}
              <Stack gap="xs">
                <Title order={3} fz={16}>
                  Снимки (последние {CHECK_FLAG_RULES.historyPerCharacter})
                </Title>
                <CardTable striped withTableBorder aria-label="Снимки плановых проверок">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Когда</Table.Th>
                      <Table.Th>Корпорация</Table.Th>
                      <Table.Th>Альянс</Table.Th>
                      <Table.Th>Статус безопасности</Table.Th>
                      <Table.Th>Кошелёк</Table.Th>
                      <Table.Th>SP</Table.Th>
                      <Table.Th>Токен</Table.Th>
                      <Table.Th>Замечания</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.history.map((h) => {
                      const c = snapshotCells(h.snapshot);
                      return (
                        <Table.Tr key={h.at}>
                          <Table.Td>{formatDateTime(h.at)}</Table.Td>
                          <Table.Td data-label="Корпорация">{c.corporation}</Table.Td>
                          <Table.Td data-label="Альянс">{c.alliance}</Table.Td>
                          <Table.Td data-label="Статус безопасности">{c.security}</Table.Td>
                          <Table.Td data-label="Кошелёк">{c.wallet}</Table.Td>
                          <Table.Td data-label="SP">{c.sp}</Table.Td>
                          <Table.Td data-label="Токен">{c.token}</Table.Td>
                          <Table.Td data-label="Замечания">
                            {c.warnings}
                            {h.snapshot.errors.map((e) => (
                              <Alert key={e} color="red" p={4} mt={4} fz="xs">
                                {e}
                              </Alert>
                            ))}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </CardTable>
              </Stack>
            </Stack>
          )
        )}
      </ListState>
    </Paper>
  );
}
