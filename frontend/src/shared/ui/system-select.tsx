import { useMemo, useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SystemSearchResponse } from '@eve-toolkit/shared-types';
import { api } from '../api-client';
import { systemLabel } from '../system-label';

/** Letters typed before the game data is searched. */
export const SYSTEM_SEARCH_MIN_LENGTH = 3;

/** A solar system as the widget shows and returns it. */
export interface ChosenSystem {
  id: number;
  name: string;
  security: number;
}

export { systemLabel };

/** Systems by name from 3 characters: GET data/universe/systems?q= */
export function useSystemSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['game-data', 'systems', q.toLowerCase()],
    queryFn: ({ signal }) =>
      api.get<SystemSearchResponse>(`data/universe/systems?q=${encodeURIComponent(q)}&limit=20`, { signal }),
    enabled: q.length >= SYSTEM_SEARCH_MIN_LENGTH,
    staleTime: 5 * 60_000,
  });
}

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'searchable' | 'filter'> & {
  value: ChosenSystem | null;
  onChange: (system: ChosenSystem | null) => void;
};

/**
 * The one solar-system picker (planetary industry, ping formup …): type 3 letters, pick from the
 * game data's systems, each shown as «Jita (0,9)». Controlled with the chosen system itself.
 */
export function SystemSelect({ value, onChange, ...props }: Props) {
  const [search, setSearch] = useState('');
  const systems = useSystemSearch(search);
  const found = systems.data?.systems;
  const options = useMemo(() => {
    const list: ChosenSystem[] = (found ?? []).map((s) => ({ id: s.id, name: s.name, security: s.security }));
    if (value && !list.some((s) => s.id === value.id)) list.unshift(value);
    return list;
  }, [found, value]);
  const typed =
    search.trim().length < SYSTEM_SEARCH_MIN_LENGTH
      ? `Введите не меньше ${SYSTEM_SEARCH_MIN_LENGTH} символов`
      : systems.isFetching
        ? 'Поиск…'
        : 'Ничего не найдено';
  return (
    <Select
      searchable
      clearable
      {...props}
      data={options.map((s) => ({ value: String(s.id), label: systemLabel(s) }))}
      value={value ? String(value.id) : null}
      onChange={(v) => onChange(options.find((s) => String(s.id) === v) ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={typed}
    />
  );
}
