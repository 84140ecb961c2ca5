import { useAtom } from 'jotai';
import { Select } from '@mantine/core';
import { HUBS } from '@eve-toolkit/shared-types';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { useHubs } from '../api/market.api';

/** Trade hub choice (remembered in the market_hub_id cookie only when cookies are accepted). */
export function HubSelect() {
  const [hubId, setHubId] = useAtom(hubIdAtom);
  const { data } = useHubs();
  const hubs = data?.hubs ?? HUBS.map(({ id, label }) => ({ id, label }));
  return (
    <Select
      label="Торговый хаб"
      data={hubs.map((h) => ({ value: String(h.id), label: h.label }))}
      value={String(hubId)}
      onChange={(v) => v && setHubId(Number(v))}
      allowDeselect={false}
      checkIconPosition="right"
      w={180}
    />
  );
}
