import { useAtom } from 'jotai';
import { NativeSelect } from '@mantine/core';
import { HUBS } from '@eve-toolkit/shared-types';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { useHubs } from '../api/market.api';

/**
 * Trade hub choice (remembered in the market_hub_id cookie only when cookies are accepted).
 * A native select: five options need no search, it is the phone's own picker and keyboard-ready,
 * and Mantine's Select (combobox, popover, floating-ui) would add ~35 KB to the market's first load.
 */
export function HubSelect() {
  const [hubId, setHubId] = useAtom(hubIdAtom);
  const { data } = useHubs();
  const hubs = data?.hubs ?? HUBS.map(({ id, label }) => ({ id, label }));
  return (
    <NativeSelect
      label="Торговый хаб"
      data={hubs.map((h) => ({ value: String(h.id), label: h.label }))}
      value={String(hubId)}
      onChange={(e) => setHubId(Number(e.currentTarget.value))}
      w={180}
    />
  );
}
