import { useState } from 'react';
import { Button, Group, NumberInput, Table } from '@mantine/core';
import type { BuyEntry, UpdateBuyRequest } from '@eve-toolkit/shared-types';

/** Stock fields (spec §5): numbers from 0, price with step 0.01. */
export function QuantityInput(props: { value: number | ''; onChange: (v: number | '') => void; label: string }) {
  return (
    <NumberInput
      aria-label={props.label}
      min={0}
      allowNegative={false}
      allowDecimal={false}
      thousandSeparator=" "
      value={props.value}
      onChange={(v) => props.onChange(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
      w={140}
      size="xs"
    />
  );
}

export function PriceInput(props: { value: number | ''; onChange: (v: number | '') => void; label: string }) {
  return (
    <NumberInput
      aria-label={props.label}
      min={0}
      step={0.01}
      decimalScale={2}
      allowNegative={false}
      thousandSeparator=" "
      value={props.value}
      onChange={(v) => props.onChange(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
      w={160}
      size="xs"
    />
  );
}

/** A moderator's inline editor of one row: quantity 0 removes the entry. */
export function BuyRowEditor({
  entry,
  onSave,
  saving,
}: {
  entry: BuyEntry;
  onSave: (body: UpdateBuyRequest) => void;
  saving: boolean;
}) {
  const [quantity, setQuantity] = useState<number | ''>(entry.quantity);
  const [price, setPrice] = useState<number | ''>(entry.price);
  const changed = quantity !== entry.quantity || price !== entry.price;
  const valid = quantity !== '' && price !== '';
  return (
    <>
      <Table.Td>
        <QuantityInput label={`Количество: ${entry.name}`} value={quantity} onChange={setQuantity} />
      </Table.Td>
      <Table.Td>
        <PriceInput label={`Цена: ${entry.name}`} value={price} onChange={setPrice} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            disabled={!changed || !valid}
            loading={saving}
            onClick={() => valid && onSave({ id: entry.id, quantity, price })}
          >
            Сохранить
          </Button>
          <Button
            size="compact-xs"
            color="red"
            variant="subtle"
            loading={saving}
            onClick={() => onSave({ id: entry.id, quantity: 0, price: entry.price })}
          >
            Убрать
          </Button>
        </Group>
      </Table.Td>
    </>
  );
}
