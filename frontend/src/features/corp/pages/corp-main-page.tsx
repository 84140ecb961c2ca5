import { lazy, Suspense } from 'react';
import { Paper, Skeleton, Table, Text } from '@mantine/core';
import { CORP_MESSAGES, formatNumber, formatPrice } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { TypeIcon } from '../../../shared/ui/type-icon';
import { isAuthError, useBuys, useUpdateBuy } from '../api/corp.api';
import { useCorpLive } from '../api/corp-live';
import { CorpError } from '../components/corp-error';
import { CardTable } from '../../../shared/ui/card-table';

// Moderators' editors (number inputs, the item search) are chunks of their own: most members only read.
const BuyRowEditor = lazy(() => import('../components/buy-row-editor').then((m) => ({ default: m.BuyRowEditor })));
const AddBuyForm = lazy(() => import('../components/add-buy-form').then((m) => ({ default: m.AddBuyForm })));

/** /corp/main: the corporation buy list; moderators edit it in place (live for every member). */
export default function CorpMainPage() {
  useCorpLive();
  const buys = useBuys();
  const update = useUpdateBuy();

  return (
    <>
      <PageHeader title="Главная" description="Что корпорация покупает: предмет, сколько нужно и по какой цене за единицу." />
      {buys.isPending || isAuthError(buys.error) ? (
        <Skeleton height={200} radius="lg" />
      ) : buys.isError ? (
        <CorpError error={buys.error} />
      ) : (
        <Paper withBorder radius="lg" p="md">
          {update.isError && !isAuthError(update.error) && <CorpError error={update.error} title="Не удалось сохранить" />}
          {buys.data.buys.length === 0 ? (
            <Text c="dimmed" data-testid="buys-empty">
              {CORP_MESSAGES.emptyBuys}
            </Text>
          ) : (
            <CardTable striped highlightOnHover minWidth={560} data-testid="buys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ID</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">Значок</span>
                  </Table.Th>
                  <Table.Th>Название</Table.Th>
                  <Table.Th>Количество</Table.Th>
                  <Table.Th>Цена, ISK</Table.Th>
                  {buys.data.can_moderate && (
                    <Table.Th>
                      <span className="visually-hidden">Действия</span>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {buys.data.buys.map((b) => (
                  <Table.Tr key={b.id} data-testid={`buy-${b.id}`}>
                    <Table.Td data-label="ID">{b.id}</Table.Td>
                    <Table.Td>
                      <TypeIcon src={b.icon} size={32} />
                    </Table.Td>
                    <Table.Td>{b.name}</Table.Td>
                    {buys.data.can_moderate ? (
                      <Suspense fallback={<Table.Td colSpan={3} />}>
                        <BuyRowEditor
                          key={`${b.quantity}:${b.price}`}
                          entry={b}
                          saving={update.isPending && update.variables?.id === b.id}
                          onSave={(body) => update.mutate(body)}
                        />
                      </Suspense>
                    ) : (
                      <>
                        <Table.Td data-label="Количество">{formatNumber(b.quantity)}</Table.Td>
                        <Table.Td data-label="Цена, ISK">{formatPrice(b.price)}</Table.Td>
                      </>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </CardTable>
          )}
          {buys.data.can_moderate && (
            <>
              <Suspense fallback={<Skeleton height={80} mt="md" />}>
                <AddBuyForm saving={update.isPending} onSave={(body) => update.mutate(body)} />
              </Suspense>
              <Text size="xs" c="dimmed" mt="xs">
                Количество 0 убирает предмет из списка. Цена за единицу с шагом 0,01 ISK.
              </Text>
            </>
          )}
        </Paper>
      )}
    </>
  );
}
