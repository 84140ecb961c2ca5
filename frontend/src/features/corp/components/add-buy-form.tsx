import { useMemo, useState } from 'react';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import type { UpdateBuyRequest } from '@eve-toolkit/shared-types';
import { useItemSearch } from '../api/corp.api';
import { PriceInput, QuantityInput } from './buy-row-editor';

const SEARCH_MIN = 3;

/** Moderators add an item to the buy list: chosen by search (from 3 characters), quantity and price. */
export function AddBuyForm({ onSave, saving }: { onSave: (body: UpdateBuyRequest) => void; saving: boolean }) {
  const [search, setSearch] = useState('');
  const [itemId, setItemId] = useState<string | null>(null);
  const [label, setLabel] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | null>(1);
  const [price, setPrice] = useState<number | null>(0);
  const items = useItemSearch(search);
  const options = useMemo(() => {
    const found = (items.data?.items ?? []).map((i) => ({ value: String(i.id), label: i.name }));
    if (itemId && label && !found.some((o) => o.value === itemId)) found.unshift({ value: itemId, label });
    return found;
  }, [items.data, itemId, label]);
  const ready = itemId !== null && quantity !== null && quantity > 0 && price !== null;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      mt="md"
      component="form"
      aria-label="Добавить в список закупок"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onSave({ id: Number(itemId), quantity, price });
      }}
    >
      <Text fw={600} mb="xs">
        Добавить предмет
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Предмет"
          placeholder="Например, Tritanium"
          searchable
          clearable
          data={options}
          value={itemId}
          onChange={(v, option) => {
            setItemId(v);
            setLabel(option?.label ?? null);
          }}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          nothingFoundMessage={
            items.isFetching
              ? 'Поиск…'
              : search.trim().length < SEARCH_MIN
                ? `Введите не меньше ${SEARCH_MIN} символов`
                : 'Ничего не найдено'
          }
          w={280}
          size="xs"
        />
        <QuantityInput label="Количество" value={quantity} onChange={setQuantity} />
        <PriceInput label="Цена, ISK" value={price} onChange={setPrice} />
        <Button type="submit" size="xs" disabled={!ready} loading={saving}>
          Добавить
        </Button>
      </Group>
    </Paper>
  );
}
