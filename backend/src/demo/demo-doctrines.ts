import type { AddDoctrineRequest } from '@eve-toolkit/shared-types';

/** Demo mode: the demo corporation's doctrine library (EFT as the game copies it). */
export const DEMO_DOCTRINES: readonly AddDoctrineRequest[] = [
  {
    name: 'Ферроксы',
    fits: [
      {
        eft: `[Ferox, Ferox — флот]
Magnetic Field Stabilizer II
Magnetic Field Stabilizer II
Damage Control I

10MN Afterburner II
Large Shield Extender II
Large Shield Extender II
Multispectrum Shield Hardener II

250mm Railgun II, Caldari Navy Antimatter Charge M
250mm Railgun II, Caldari Navy Antimatter Charge M
250mm Railgun II, Caldari Navy Antimatter Charge M
250mm Railgun II, Caldari Navy Antimatter Charge M
250mm Railgun II, Caldari Navy Antimatter Charge M
250mm Railgun II, Caldari Navy Antimatter Charge M
[Empty High slot]

Medium Core Defense Field Extender I
Medium Core Defense Field Extender I
Medium Core Defense Field Extender I


Caldari Navy Antimatter Charge M x2000
Antimatter Charge M x2000
Nanite Repair Paste x50`,
      },
    ],
  },
  {
    name: 'Рифтеры: роум',
    fits: [
      {
        eft: `[Rifter, Рифтер — тэкл]
Damage Control I
Small Armor Repairer I
Gyrostabilizer I

1MN Afterburner I
Warp Scrambler I
Stasis Webifier I

200mm AutoCannon II, Republic Fleet EMP S
200mm AutoCannon II, Republic Fleet EMP S
200mm AutoCannon II, Republic Fleet EMP S
[Empty High slot]

Small Projectile Burst Aerator I
[Empty Rig slot]
[Empty Rig slot]


Republic Fleet EMP S x600
EMP S x1000
Nanite Repair Paste x20`,
      },
    ],
  },
];
