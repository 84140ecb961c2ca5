import { useAtom } from 'jotai';
import { Select } from '@mantine/core';
import { HUBS } from '@eve-toolkit/shared-types';
import { hubIdAtom } from '../preferences.atoms';

const OPTIONS = HUBS.map((h) => ({ value: String(h.id), label: h.label }));

/**
 * The trade hub choice, the same on every page that prices at a hub (market list, appraisal,
 * industry, loot): one hub for all of them, remembered in the market_hub_id cookie only when
 * cookies are accepted (hubIdAtom).
 */
export function HubSelect() {
  const [hubId, setHubId] = useAtom(hubIdAtom);
  return (
    <Select
      label="Торговый хаб"
      data={OPTIONS}
      value={String(hubId)}
      onChange={(v) => v && setHubId(Number(v))}
      allowDeselect={false}
      checkIconPosition="right"
      w={180}
    />
  );
}
