import { useState } from 'react';
import { Button, Group, Table } from '@mantine/core';
import { CORP_LIMITS, type BuyEntry, type UpdateBuyRequest } from '@eve-toolkit/shared-types';
import { NumberField } from '../../../shared/ui/number-field';

/** Stock fields (spec §5): numbers from 0, price with step 0.01. Empty means "not given yet". */
export function QuantityInput(props: { value: number | null; onChange: (v: number | null) => void; label: string }) {
  return (
    <NumberField
      aria-label={props.label}
      min={0}
      max={CORP_LIMITS.maxQuantity}
      allowEmpty
      value={props.value}
      onChange={props.onChange}
      w={140}
      size="xs"
    />
  );
}

export function PriceInput(props: { value: number | null; onChange: (v: number | null) => void; label: string }) {
  return (
    <NumberField
      aria-label={props.label}
      min={0}
      max={CORP_LIMITS.maxPrice}
      decimals={2}
      step={0.01}
      allowEmpty
      value={props.value}
      onChange={props.onChange}
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
  const [quantity, setQuantity] = useState<number | null>(entry.quantity);
  const [price, setPrice] = useState<number | null>(entry.price);
  const changed = quantity !== entry.quantity || price !== entry.price;
  const valid = quantity !== null && price !== null;
  return (
    <>
      <Table.Td data-label="Количество">
        <QuantityInput label={`Количество: ${entry.name}`} value={quantity} onChange={setQuantity} />
      </Table.Td>
      <Table.Td data-label="Цена, ISK">
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
