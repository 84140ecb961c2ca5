import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MARKET_SEARCH_LIMITS } from '@eve-toolkit/shared-types';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { useMarketSearch } from '../api/market.api';
import { priceText } from '../lib/book';
import classes from './market.module.css';

/** What the list says when it has no item to offer. */
function emptyText(typed: string, fetching: boolean, failed: string | null): string {
  if (failed) return failed;
  if (typed.trim().length < MARKET_SEARCH_LIMITS.minLength)
    return `Введите не меньше ${MARKET_SEARCH_LIMITS.minLength} символов названия`;
  return fetching ? 'Ищем…' : 'Ничего не найдено';
}

/**
 * The market search (header dialog and market list): an accessible combobox (Mantine's Combobox:
 * `role=combobox`, a listbox of options, arrows, Enter, Escape). Typing asks
 * `GET data/market/search` at the chosen hub (a quarter second after the last key); the best match
 * is preselected, so Enter opens it; each option shows the item's SELL and BUY there.
 */
export default function MarketSearch({
  autoFocus = false,
  onNavigate,
  label = 'Поиск по маркету',
  hideLabel = false,
  w,
}: {
  autoFocus?: boolean;
  /** After an item was chosen (the header's dialog closes). */
  onNavigate?: () => void;
  label?: string;
  hideLabel?: boolean;
  w?: number | string;
}) {
  const navigate = useNavigate();
  const hubId = useAtomValue(hubIdAtom);
  const [typed, setTyped] = useState('');
  const [query] = useDebouncedValue(typed.trim(), 250);
  const search = useMarketSearch(query, hubId);
  const items = typed.trim().length >= MARKET_SEARCH_LIMITS.minLength ? (search.data?.items ?? []) : [];
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const hintId = useId();

  // The best match is preselected whenever new results arrive (Enter opens it).
  useEffect(() => {
    if (items.length > 0) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search.data]);

  const choose = (id: string) => {
    combobox.closeDropdown();
    setTyped('');
    onNavigate?.();
    navigate(`/market/detail/${id}`);
  };

  const failed = search.error ? search.error.message : null;
  const busy = search.isFetching || query !== typed.trim();

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal={!!onNavigate} zIndex={400}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={label}
          labelProps={hideLabel ? { className: 'visually-hidden' } : undefined}
          placeholder="Например, Hammerhead II или магматический газ"
          type="search"
          autoComplete="off"
          autoFocus={autoFocus}
          // A Mantine Modal's focus trap starts on the element marked so (not on `autoFocus`).
          data-autofocus={autoFocus || undefined}
          value={typed}
          w={w}
          aria-describedby={hintId}
          data-testid="market-search-input"
          leftSection={
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </svg>
          }
          rightSection={busy && typed.trim().length >= MARKET_SEARCH_LIMITS.minLength ? <Loader size={14} /> : null}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <span id={hintId} className="visually-hidden">
        Русское или английское название, можно с опечаткой; стрелки выбирают предмет, Enter открывает его.
      </span>
      <Combobox.Dropdown hidden={typed.trim() === ''} data-testid="market-search-results">
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }} aria-label="Найденные предметы">
          {items.length > 0 ? (
            items.map((item) => (
              <Combobox.Option value={String(item.id)} key={item.id} data-testid="market-search-option">
                <Text size="sm" fw={600}>
                  {item.name}
                </Text>
                <Group gap="md" wrap="wrap" className={classes.optionPrices}>
                  <Text size="xs" c="inherit">
                    SELL {priceText(item.sell)}
                  </Text>
                  <Text size="xs" c="inherit">
                    BUY {priceText(item.buy)}
                  </Text>
                </Group>
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>{emptyText(typed, busy, failed)}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
