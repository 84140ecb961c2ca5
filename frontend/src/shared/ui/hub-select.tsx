import { useAtom } from 'jotai';
import { NativeSelect } from '@mantine/core';
import { HUBS } from '@eve-toolkit/shared-types';
import { hubIdAtom } from '../preferences.atoms';

const OPTIONS = HUBS.map((h) => ({ value: String(h.id), label: h.label }));

/**
 * The trade hub choice, the same on every page that prices at a hub (market list, appraisal,
 * industry, loot): one hub for all of them, remembered in the market_hub_id cookie only when
 * cookies are accepted (hubIdAtom). A native select: five fixed options need no search, it is
 * the phone's own picker, and it keeps the combobox code out of these pages' first load.
 */
export function HubSelect() {
  const [hubId, setHubId] = useAtom(hubIdAtom);
  return (
    <NativeSelect
      label="Торговый хаб"
      data={OPTIONS}
      value={String(hubId)}
      onChange={(e) => setHubId(Number(e.currentTarget.value))}
      w={180}
    />
  );
}
