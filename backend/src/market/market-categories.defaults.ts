/**
 * Categories seeded into an empty `market_categories` collection (admins manage them later).
 * Ids checked against the SDE (sde-jsonl/types.jsonl, published market types).
 */
export const DEFAULT_MARKET_CATEGORIES: ReadonlyArray<{ name: string; item_ids: number[] }> = [
  // Tritanium ... Megacyte, Morphite
  { name: 'Минералы', item_ids: [34, 35, 36, 37, 38, 39, 40, 11399] },
  // Heavy Water, Liquid Ozone, Helium/Strontium ..., Oxygen/Nitrogen/Hydrogen Isotopes
  { name: 'Лёд', item_ids: [16272, 16273, 16274, 16275, 17887, 17888, 17889] },
  // R4 Hydrocarbons ... R64 Thulium (raw moon materials, group 427)
  {
    name: 'Лунные материалы',
    item_ids: [
      16633, 16634, 16635, 16636, 16637, 16638, 16639, 16640, 16641, 16642, 16643, 16644, 16646, 16647, 16648, 16649, 16650,
      16651, 16652, 16653,
    ],
  },
  // all 15 P1 and the most traded P2
  {
    name: 'Планетарные материалы',
    item_ids: [
      2393, 2396, 3779, 2401, 2390, 2397, 2392, 3683, 2389, 2399, 2395, 2398, 9828, 2400, 3645, 2329, 3828, 9836, 9832, 44, 3693,
      15317, 3689, 9842, 2463, 2317, 9830, 3697, 9838, 2312, 3691, 2328,
    ],
  },
  // Nitrogen (Caldari), Hydrogen (Minmatar), Helium (Amarr), Oxygen (Gallente)
  { name: 'Топливные блоки', item_ids: [4051, 4246, 4247, 4312] },
  { name: 'PLEX', item_ids: [44992] },
];
