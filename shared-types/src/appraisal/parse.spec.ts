import { halvePaste, isKillmailPaste, isWhiteCode, parseAppraisal } from './parse';
import { appraisalNames, appraisalNameKey, appraiseText, resolveAppraisal } from './resolve';

/**
 * Realistic pastes of every format the game clients produce (English and Russian clients), read
 * and resolved against a catalogue of real type names (English and Russian, as in the SDE: most
 * item names are English in the Russian client too; skills, some SKINs and gases are Russian).
 */
const NAMES = [
  'Tritanium',
  'Pyerite',
  'Mexallon',
  'Isogen',
  'Nocxium',
  'Zydrine',
  'Megacyte',
  'PLEX',
  "30 Day Pilot's License Extension (PLEX)",
  'Navy Cap Booster 400',
  'Cap Booster 800',
  'Rifter',
  'Minmatar Shuttle',
  'Gallente Shuttle',
  'Tengu',
  'Rokh',
  'Warrior II',
  'Warrior I',
  'Garde I',
  'Garde II',
  'Hammerhead II',
  'Bouncer II',
  'Hornet EC-300',
  'Praetor II',
  'EMP S',
  'Scorch M',
  'Scorch L',
  '200mm AutoCannon I',
  '720mm Gallium Cannon',
  'Damage Control II',
  'Experimental 10MN Microwarpdrive I',
  '10MN Afterburner II',
  '1MN Microwarpdrive I',
  'Nanofiber Internal Structure I',
  'Overdrive Injector System I',
  'Stasis Webifier I',
  'Warp Disruptor I',
  'Heavy Missile Launcher II',
  'Large Shield Extender II',
  'Adaptive Invulnerability Field II',
  'Ballistic Control System II',
  'Caldari Navy Scourge Heavy Missile',
  'Medium Core Defense Field Extender I',
  'Tengu Defensive - Supplemental Screening',
  'Helium Isotopes',
  'Nitrogen Isotopes',
  'Sleeper Data Library',
  'Heavy Assault Missile Launcher II',
  'Compressed Iridescent Gneiss',
  'Plagioclase Mining Crystal I Blueprint',
  'Armageddon Blueprint',
  'Typhoon Blueprint',
  'Drake Blueprint',
  'Zircon',
  'Aqueous Liquids',
  'Bacteria',
  'Coolant',
  'Triclinic Bistot',
  'Bright Spodumain',
  'Crimson Arkonor',
  'Ytterbite',
  'Bountiful Ytterbite',
  'Pyroxeres',
  'Veldspar',
  'Scordite',
  'Noctis',
  'Thrasher',
  'Stabber Fleet Issue',
  'Tayra',
  'Wreck',
  'Scimitar',
  'Medium Armor Maintenance Bot I',
  'Tengu Engineering - Capacitor Regeneration Matrix',
  'Power Diagnostic System II',
  'Storm Command Center',
  'Medium Core Defense Capacitor Safeguard II',
  'Small Armor Repairer I',
  'Small Armor Repairer II',
  "'Gorget' Small Armor Repairer I",
  'Procurer',
  'Medium Shield Extender I',
  'Ice Harvester II',
  'Giant Secure Container',
  'Кибернетика',
  'Магматический газ',
  'Ведение орудийного огня',
  'Beta Reactor Control: Reaction Control I',
  "Men's 'Esquire' Coat (red/gold)",
  'Typhoon',
  'XL Torpedo Launcher I',
  'Guristas Mjolnir XL Torpedo',
  'Sensor Booster II',
  'Targeting Range Script',
  'Cap Booster 3200 Blueprint',
  'Deflection Shield Emitter Blueprint',
  'Victorieux Luxury Yacht Blueprint',
  'Medium Warhead Rigor Catalyst I Blueprint',
  'Nanotransistors Reaction Formula',
  'Amarr Shuttle Blueprint',
  "'Augmented' Valkyrie Blueprint",
  'Warp Core Stabilizer I Blueprint',
];
const CATALOGUE = new Map(NAMES.map((name, i) => [appraisalNameKey(name), { id: i + 1, name }]));

/**
 * Resolves a paste against the catalogue; also parses it with the name lookup and checks that
 * stopping at the first known reading picks the same items, and that reading and summing in one
 * pass (what the server does) gives the same answer.
 */
function appraise(text: string) {
  const parsed = parseAppraisal(text);
  const whole = resolveAppraisal(parsed, (key) => CATALOGUE.get(key));
  const { items, errors } = whole;
  const lazy = resolveAppraisal(
    parseAppraisal(text, (key) => CATALOGUE.get(key)),
    (key) => CATALOGUE.get(key),
  );
  expect(lazy).toEqual(whole);
  expect(appraiseText(text, (key) => CATALOGUE.get(key))).toEqual(whole);
  return {
    items: items.map((i) =>
      i.bpc ? [i.type.name, i.quantity, i.runs === null ? 'bpc' : `bpc ${i.runs} runs`] : [i.type.name, i.quantity],
    ),
    errors,
  };
}

type Expected = (string | number)[][];

const CASES: [string, string, Expected][] = [
  // The spec's own form and free listings.
  [
    'spec: name, tab, quantity',
    'Tritanium\t100\nPyerite\t50',
    [
      ['Tritanium', 100],
      ['Pyerite', 50],
    ],
  ],
  [
    'tab cells trimmed of any white space (ideographic, em, hair, no-break, BOM)',
    '\u3000Tritanium\u2003\t\u00a0100\u202f\nPyerite\u200a\t\ufeff50',
    [
      ['Tritanium', 100],
      ['Pyerite', 50],
    ],
  ],
  ['words split at no-break spaces', '10\u00a0x\u202fRifter', [['Rifter', 10]]],
  ['placeholder "Plex 1"', 'Plex 1', [['PLEX', 1]]],
  ['a bare name is one', 'Rifter', [['Rifter', 1]]],
  ['10x Item', '10x Minmatar Shuttle', [['Minmatar Shuttle', 10]]],
  ['10 x Item', '10 x Minmatar Shuttle', [['Minmatar Shuttle', 10]]],
  ['10 X Item (Cyrillic х too)', '10 X Rifter\n5 х Rifter', [['Rifter', 15]]],
  ['Item x 10', 'Tritanium x 10\nTritanium X 1', [['Tritanium', 11]]],
  ['Item x10 (Pyfa drones)', 'Garde I x5', [['Garde I', 5]]],
  ['Item 10', 'Heavy Assault Missile Launcher II 10', [['Heavy Assault Missile Launcher II', 10]]],
  ['Item: 10', 'Tritanium: 10', [['Tritanium', 10]]],
  [
    '10<TAB>Item',
    '450\tWarrior I\n 150\tMinmatar Shuttle',
    [
      ['Warrior I', 450],
      ['Minmatar Shuttle', 150],
    ],
  ],
  ['trailing spaces, "x 109"', 'Compressed Iridescent Gneiss x 109 ', [['Compressed Iridescent Gneiss', 109]]],
  [
    'leading spaces',
    '1865 Tritanium\n 105 Pyerite\n  27 Mexallon',
    [
      ['Tritanium', 1865],
      ['Pyerite', 105],
      ['Mexallon', 27],
    ],
  ],
  [
    'names are case-insensitive',
    'tRiTaNiUm 5\nPLEX 2\nplex 3',
    [
      ['Tritanium', 5],
      ['PLEX', 5],
    ],
  ],
  [
    'a trailing * is stripped',
    'Hornet EC-300* 2\nRifter*',
    [
      ['Hornet EC-300', 2],
      ['Rifter', 1],
    ],
  ],
  [
    'a name ending in a number stays one item',
    'Navy Cap Booster 400\nNavy Cap Booster 400 100\nCap Booster 800 x 20',
    [
      ['Navy Cap Booster 400', 101],
      ['Cap Booster 800', 20],
    ],
  ],
  [
    'a name starting with a number stays one item',
    "30 Day Pilot's License Extension (PLEX)\n2 30 Day Pilot's License Extension (PLEX)",
    [["30 Day Pilot's License Extension (PLEX)", 3]],
  ],
  [
    'thousands separators in every client',
    "9'584'701 x Tritanium\nTritanium 9'584'702\nTritanium x 9,584,703\n9.584.704 x Tritanium\nTritanium 1 000\nTritanium 1\u00a0000\n1’000 Tritanium",
    [['Tritanium', 38338810 + 3000]],
  ],
  ['space thousands do not eat a number in the name', 'Navy Cap Booster 400 100 000', [['Navy Cap Booster 400', 100000]]],
  [
    'decimal quantities round',
    '123.12\tRifter\n456,6\tTengu',
    [
      ['Rifter', 123],
      ['Tengu', 457],
    ],
  ],
  [
    'Russian names',
    'Кибернетика 2\nмагматический газ x 1 000',
    [
      ['Кибернетика', 2],
      ['Магматический газ', 1000],
    ],
  ],
  [
    'list markers (heuristic)',
    '- Tritanium x 2\n• Pyerite 3\n* Mexallon',
    [
      ['Tritanium', 2],
      ['Pyerite', 3],
      ['Mexallon', 1],
    ],
  ],
  [
    'dashes between items (heuristic)',
    'Procurer x 1- Medium Shield Extender I x 1- Ice Harvester II x 1- Ice Harvester II x 1- Adaptive Invulnerability Field II x 1',
    [
      ['Procurer', 1],
      ['Medium Shield Extender I', 1],
      ['Ice Harvester II', 2],
      ['Adaptive Invulnerability Field II', 1],
    ],
  ],
  [
    'a list on one line (heuristic)',
    'Tritanium 100, Pyerite 50; Mexallon x 5',
    [
      ['Tritanium', 100],
      ['Pyerite', 50],
      ['Mexallon', 5],
    ],
  ],

  // Cargo scan.
  [
    'cargo scan',
    "1 Minmatar Shuttle\n2 Gallente Shuttle\n12'000 Tengu",
    [
      ['Minmatar Shuttle', 1],
      ['Gallente Shuttle', 2],
      ['Tengu', 12000],
    ],
  ],
  [
    'cargo scan: blueprint copy and original',
    '10 Plagioclase Mining Crystal I Blueprint (Copy)\n3 Plagioclase Mining Crystal I Blueprint (Original)\n1 Drake Blueprint (Копия)',
    [
      ['Plagioclase Mining Crystal I Blueprint', 10, 'bpc'],
      ['Plagioclase Mining Crystal I Blueprint', 3],
      ['Drake Blueprint', 1, 'bpc'],
    ],
  ],

  // Inventory, assets, view contents.
  ['inventory: name, quantity, group', 'Rifter\t1\tFrigate', [['Rifter', 1]]],
  [
    'inventory with volumes (EN)',
    '720mm Gallium Cannon\t1\tProjectile Weapon\tMedium\tHigh\t10 m3\nDamage Control II\t1\tDamage Control\t\tLow\t5 m3\nExperimental 10MN Microwarpdrive I\t1\tPropulsion Module\t\tMedium\t10 m3',
    [
      ['720mm Gallium Cannon', 1],
      ['Damage Control II', 1],
      ['Experimental 10MN Microwarpdrive I', 1],
    ],
  ],
  [
    'inventory, all columns (EN)',
    '200mm AutoCannon I\t1\tProjectile Weapon\tModule\tSmall\tHigh\t5 m3\t1\n10MN Afterburner II\t1\tPropulsion Module\tModule\tMedium\t5 m3\t5\t2\nWarrior II\t9',
    [
      ['200mm AutoCannon I', 1],
      ['10MN Afterburner II', 1],
      ['Warrior II', 9],
    ],
  ],
  [
    'inventory (RU): space thousands, decimal comma, м^3, price',
    'Tritanium\t12 345\tМинералы\tМатериал\t\t\t123,45 м^3\t64 814,25 ISK\nPyerite\t1\u00a0000\tМинералы\tМатериал\t\t\t10 м^3\t9 000,00 ISK\nSleeper Data Library\t1 080\tКомпоненты спящих\t\t\t\t10,82 м³',
    [
      ['Tritanium', 12345],
      ['Pyerite', 1000],
      ['Sleeper Data Library', 1080],
    ],
  ],
  [
    'asset thousands separators',
    "Sleeper Data Library\t1,080\nSleeper Data Library\t1'080\nSleeper Data Library\t1.080",
    [['Sleeper Data Library', 3240]],
  ],
  [
    'view contents (EN)',
    'Bouncer II\tCombat Drone\tDrone Bay\t1\nBouncer II\tCombat Drone\tDrone Bay\t1\nNitrogen Isotopes\tIce Product\tFuel Bay\t20000\nGiant Secure Container\tSecure Cargo Container\t\t1\nTengu Defensive - Supplemental Screening\tDefensive Systems\tSubsystem\t1',
    [
      ['Bouncer II', 2],
      ['Nitrogen Isotopes', 20000],
      ['Giant Secure Container', 1],
      ['Tengu Defensive - Supplemental Screening', 1],
    ],
  ],
  [
    'view contents (RU)',
    'Bouncer II\tБоевой дрон\tОтсек для дронов\t5\nNitrogen Isotopes\tЗамерзшие вещества\tТопливный отсек\t20 000',
    [
      ['Bouncer II', 5],
      ['Nitrogen Isotopes', 20000],
    ],
  ],

  // Contracts.
  [
    'contract (EN): fitted, damaged, grouped',
    'Rokh\t1\tBattleship\tShip\t\nScorch M\t1\tAdvanced Pulse Laser Crystal\tCharge\tFitted 72% damaged\nScorch M\t3\tAdvanced Pulse Laser Crystal\tCharge\tFitted 72% damaged\nScorch L\t2\tAdvanced Pulse Laser Crystal\tCharge\t 1% damaged',
    [
      ['Rokh', 1],
      ['Scorch M', 4],
      ['Scorch L', 2],
    ],
  ],
  [
    'contract (EN): blueprint copies',
    'Armageddon Blueprint\t1\tBattleship Blueprint\tBlueprint\tBLUEPRINT COPY - Runs: 9 - Material Level: 29 - Productivity Level: 0\nTyphoon Blueprint\t1\tBattleship Blueprint\tBlueprint\tBLUEPRINT COPY\nDrake Blueprint\t1\tBattlecruiser Blueprint\tBlueprint\t',
    [
      ['Armageddon Blueprint', 1, 'bpc'],
      ['Typhoon Blueprint', 1, 'bpc'],
      ['Drake Blueprint', 1],
    ],
  ],
  [
    'contract (RU): asterisks, Russian columns, blueprint copy',
    ' Hornet EC-300*\t10\tДрон электронного противодействия*\tДрон*\tОтсек для дронов\n Hornet EC-300*\t10\tДрон электронного противодействия*\tДрон*\tОтсек для дронов\n Praetor II*\t1\tБоевой дрон*\tДрон*\tОтсек для дронов\nDrake Blueprint\t1\tЧертёж линейного крейсера\tЧертёж\tКОПИЯ ЧЕРТЕЖА - Прогонов: 10 - Эффективность материалов: 10 - Эффективность времени: 20\nКибернетика\t2\tНавыки\tНавык\t',
    [
      ['Hornet EC-300', 20],
      ['Praetor II', 1],
      ['Drake Blueprint', 1, 'bpc'],
      ['Кибернетика', 2],
    ],
  ],
  ['contract with spaces for separator', 'Zydrine\t10 102\tMineral\tMaterial\t', [['Zydrine', 10102]]],
  ['item exchange summary', 'Zircon x 21163 (Item Exchange) ', [['Zircon', 21163]]],

  // Fits.
  [
    'EFT',
    '[Rifter, Fleet Tackle]\nNanofiber Internal Structure I\nNanofiber Internal Structure I\nOverdrive Injector System I\nStasis Webifier I\nWarp Disruptor I\n1MN Microwarpdrive I\n200mm AutoCannon I, EMP S\n200mm AutoCannon I, EMP S\n200mm AutoCannon I, EMP S\n[empty high slot]\n[Empty High slot]\n\nGarde I x5',
    [
      ['Rifter', 1],
      ['Nanofiber Internal Structure I', 2],
      ['Overdrive Injector System I', 1],
      ['Stasis Webifier I', 1],
      ['Warp Disruptor I', 1],
      ['1MN Microwarpdrive I', 1],
      ['200mm AutoCannon I', 3],
      ['EMP S', 3],
      ['Garde I', 5],
    ],
  ],
  [
    'EFT: a charge after a comma without a space',
    '[Typhoon, Torps]\nXL Torpedo Launcher I,Guristas Mjolnir XL Torpedo\nXL Torpedo Launcher I,Guristas Mjolnir XL Torpedo\nSensor Booster II,Targeting Range Script',
    [
      ['Typhoon', 1],
      ['XL Torpedo Launcher I', 2],
      ['Guristas Mjolnir XL Torpedo', 2],
      ['Sensor Booster II', 1],
      ['Targeting Range Script', 1],
    ],
  ],
  [
    'a comma between digits still groups thousands',
    'Tritanium x 1,000,Pyerite',
    [
      ['Tritanium', 1000],
      ['Pyerite', 1],
    ],
  ],
  [
    'Pyfa: offline modules, ammo and drones with counts, names with a colon',
    '[Tengu, Pyfa fit]\nDamage Control II /OFFLINE\nBeta Reactor Control: Reaction Control I\nHeavy Missile Launcher II, Caldari Navy Scourge Heavy Missile\n\nHammerhead II x5\n\nCaldari Navy Scourge Heavy Missile x1000',
    [
      ['Tengu', 1],
      ['Damage Control II', 1],
      ['Beta Reactor Control: Reaction Control I', 1],
      ['Heavy Missile Launcher II', 1],
      ['Caldari Navy Scourge Heavy Missile', 1001],
      ['Hammerhead II', 5],
    ],
  ],
  [
    'in-game fitting copy (EN)',
    'High power\n5x Heavy Missile Launcher II\nMedium power\n1x Large Shield Extender II\n2x Adaptive Invulnerability Field II\nLow power\nLow power\n3x Ballistic Control System II\nRig Slot\n2x Medium Core Defense Field Extender I\nSub System\n1x Tengu Defensive - Supplemental Screening\nCharges\n8,718x Caldari Navy Scourge Heavy Missile\nDrones\n12 Warrior II\nFuel\nHelium Isotopes',
    [
      ['Heavy Missile Launcher II', 5],
      ['Large Shield Extender II', 1],
      ['Adaptive Invulnerability Field II', 2],
      ['Ballistic Control System II', 3],
      ['Medium Core Defense Field Extender I', 2],
      ['Tengu Defensive - Supplemental Screening', 1],
      ['Caldari Navy Scourge Heavy Missile', 8718],
      ['Warrior II', 12],
      ['Helium Isotopes', 1],
    ],
  ],
  [
    'in-game fitting copy (RU)',
    'Разъёмы большой мощности\n5x Heavy Missile Launcher II\nРазъёмы средней мощности\n1x Large Shield Extender II\nРазъёмы малой мощности\n3x Ballistic Control System II\nСлоты тюнинга\n2x Medium Core Defense Field Extender I\nЗаряды\n8 718x Caldari Navy Scourge Heavy Missile\nДроны\n12 Warrior II',
    [
      ['Heavy Missile Launcher II', 5],
      ['Large Shield Extender II', 1],
      ['Ballistic Control System II', 3],
      ['Medium Core Defense Field Extender I', 2],
      ['Caldari Navy Scourge Heavy Missile', 8718],
      ['Warrior II', 12],
    ],
  ],

  // Fleet loot history.
  [
    'loot history file (EN)',
    'Time\tCharacter\tItem Type\tQuantity\tItem Group\n2024.05.01 19:56\tIvan Petrov\tWarrior II\t5\tCombat Drone\n2024.05.01 19:57\tAnna Sokolova\tTritanium\t1,000\tMineral\n2024.05.01 19:58\tIvan Petrov\tWarrior II\t2\tCombat Drone',
    [
      ['Warrior II', 7],
      ['Tritanium', 1000],
    ],
  ],
  [
    'loot history file (RU)',
    'Время\tПерсонаж\tТип предмета\tКоличество\tГруппа предмета\n2024.05.01 19:56\tИван Петров\tWarrior II\t5\tБоевой дрон\n2024.05.01 19:57\tАнна Соколова\tTritanium\t1 000\tМинералы',
    [
      ['Warrior II', 5],
      ['Tritanium', 1000],
    ],
  ],
  [
    'loot history lines in the log',
    "03:21:19 Some dude has looted 5 x Garde II\n04:22:20 Some dude has looted 5 x Garde II\n03:21:19 A cool dude has looted 5'000 x Garde II\n05:00:01 Иван Петров подобрал(а) 3 x Tritanium",
    [
      ['Garde II', 5010],
      ['Tritanium', 3],
    ],
  ],

  // Planetary windows.
  [
    'planetary: routed / not routed, floats, short format',
    '331.0\tAqueous Liquids\tNot routed\n331\tAqueous Liquids\tRouted\n\tBacteria\t305.0\t3.05\n\tCoolant\t205.0',
    [
      ['Aqueous Liquids', 662],
      ['Bacteria', 305],
      ['Coolant', 205],
    ],
  ],
  [
    'planetary (RU)',
    '331\tAqueous Liquids\tНе проложен маршрут\n20\tBacteria\tМаршрут проложен',
    [
      ['Aqueous Liquids', 331],
      ['Bacteria', 20],
    ],
  ],

  // Industry.
  [
    'industry materials: (N Units)',
    'Tritanium (4662 Units)\nPyerite (1857 Units)\nMexallon (1 027 Units)\nIsogen (1 Unit)\nNocxium (51 ед.)',
    [
      ['Tritanium', 4662],
      ['Pyerite', 1857],
      ['Mexallon', 1027],
      ['Isogen', 1],
      ['Nocxium', 51],
    ],
  ],
  [
    'industry window blueprint list: ME and TE are not quantities; runs -1 is an original, others a copy with its runs',
    "Cap Booster 3200 Blueprint\t10\t0\t-1\t2\tNU4-2G - Writer's Workshop\tItem hangar\tCapacitor Booster Charge\nDeflection Shield Emitter Blueprint\t10\t20\t-1\t0\tNU4-2G - Writer's Workshop\tItem hangar\tConstruction Components\nVictorieux Luxury Yacht Blueprint\t0\t0\t1\tCruiser\n2 x Medium Warhead Rigor Catalyst I Blueprint\t0\t0\t-1\t3\tNU4-2G - Writer's Workshop\tItem hangar\tRig Launcher",
    [
      ['Cap Booster 3200 Blueprint', 1],
      ['Deflection Shield Emitter Blueprint', 1],
      ['Victorieux Luxury Yacht Blueprint', 1, 'bpc 1 runs'],
      ['Medium Warhead Rigor Catalyst I Blueprint', 2],
    ],
  ],
  [
    'industry window blueprint list (RU client, section titles, stacks, long layout)',
    "Формулы:\n4 x Nanotransistors Reaction Formula\t0\t0\t-1\tКомпозиты\nNanotransistors Reaction Formula\t0\t0\t-1\tКомпозиты\n\nЧертежи:\n'Augmented' Valkyrie Blueprint\t0\t0\t60\tБоевой дрон\n'Augmented' Valkyrie Blueprint\t0\t0\t40\tБоевой дрон\nAmarr Shuttle Blueprint\t10\t20\t-1\tШаттл\nAmarr Shuttle Blueprint\t10\t20\t-1\tШаттл\nWarp Core Stabilizer I Blueprint\t10\t20\t-1\t0\tMTO2-2 - Ctrl C\tSanto BPO\tWarp Core Stabilizer",
    [
      ['Nanotransistors Reaction Formula', 5],
      ["'Augmented' Valkyrie Blueprint", 2, 'bpc 100 runs'],
      ['Amarr Shuttle Blueprint', 2],
      ['Warp Core Stabilizer I Blueprint', 1],
    ],
  ],
  [
    'industry: required / available tables (EN, RU)',
    'Item\tRequired\tAvailable\nTritanium\t4662\t10000\nPyerite\t1,857\t0\nПредмет\tТребуется\tИмеется\nMexallon\t1 027\t0',
    [
      ['Tritanium', 4662],
      ['Pyerite', 1857],
      ['Mexallon', 1027],
    ],
  ],

  // Mining ledgers.
  [
    'personal mining ledger',
    'Timestamp\tOre Type\tQuantity\tVolume\tEst. Price\tSolar System\tOre TypeID\tSolarSystemID\n2017.10.11\tTriclinic Bistot\t349\t5584.0\t962,161\tZ-Y9C3\t17428\t30003124\n2017.10.22\tCrimson Arkonor\t435\t6960\t2,253,447\tZ-Y9C3\t17425\t30003124\n2017.10.05\tBright Spodumain\t865\t13840.0\t1,999,603\tZ-Y9C3\t17466\t30003124\n2017.10.03\tTriclinic Bistot\t1606\t25696.0\t4,427,597\tZ-Y9C3\t17428\t30003124',
    [
      ['Triclinic Bistot', 1955],
      ['Crimson Arkonor', 435],
      ['Bright Spodumain', 865],
    ],
  ],
  [
    'moon mining ledger (window)',
    '2019.01.19\tCorp name\tminer 1\tYtterbite\t8,625\t86,250 m³\t70,377,757 ISK\n2019.01.19\tCorp name\tminer 1\tBountiful Ytterbite\t2,940\t29,400 m³\t38,004,556 ISK\n2019.01.19\tCorp name\tminer 2\tYtterbite\t7,667\t76,670 m³\t62,560,726 ISK',
    [
      ['Ytterbite', 16292],
      ['Bountiful Ytterbite', 2940],
    ],
  ],
  [
    'moon mining ledger (copy button, RU numbers)',
    'Timestamp\tCorporation\tPilot\tOre Type\tQuantity\tVolume\tEst. Price\tOre TypeID\tSolarSystemID\n2019.01.19\tКорпорация\tшахтёр 1\tYtterbite\t8 625\t86 250\t70 377 757\t45513\t30003687\n2019.01.19\tКорпорация\tшахтёр 2\tBountiful Ytterbite\t612\t6120,0\t7911152\t46318\t30003687',
    [
      ['Ytterbite', 8625],
      ['Bountiful Ytterbite', 612],
    ],
  ],

  // Scanners.
  [
    'survey scanner: group headers (an ore alone on a line) are not items',
    'Pyroxeres\t1,919\t5,842 m\nPyroxeres\t11,595\t7,180 m\nPyroxeres\t5,414\t6,134 m\nScordite\nVeldspar\nVeldspar\t10\t12 km\nVeldspar\t26,644\t6,115 m\nVeldspar\t26,935\t12 km',
    [
      ['Pyroxeres', 18928],
      ['Veldspar', 53589],
    ],
  ],
  [
    'survey scanner (RU client: ore names in English): headers, space thousands, км',
    'Pyroxeres\nPyroxeres\t1 919\t5 842 м\nVeldspar\t26 935\t12 км',
    [
      ['Pyroxeres', 1919],
      ['Veldspar', 26935],
    ],
  ],
  [
    'outside a survey scan a bare name is still one',
    'Scordite\nVeldspar\t10',
    [
      ['Scordite', 1],
      ['Veldspar', 10],
    ],
  ],
  [
    'directional scan: each row counts one',
    "+\tNoctis\t3,225 m\n+\tThrasher\t12 km\nsome dude's Stabber Fleet Issue\tStabber Fleet Issue\t-\nWreck\tTayra\t82 km\ntest\tNoctis\t3\u00a0225 m\nЧей-то Rifter\tRifter\t1,2 а.е.",
    [
      ['Noctis', 2],
      ['Thrasher', 1],
      ['Stabber Fleet Issue', 1],
      ['Tayra', 1],
      ['Rifter', 1],
    ],
  ],
  ['directional scan with a type id column', '587\tMy Rifter\tRifter\t12 km\n587\tOther\tRifter\t-', [['Rifter', 2]]],

  // Killmails.
  [
    'killmail (EN): destroyed and dropped items only',
    "2013.06.15 17:28:00\n\nVictim: Some poor victim\nCorp: Victim's Corp Name\nAlliance: Victim's Alliance Name\nFaction: Unknown\nDestroyed: Scimitar\nSystem: Jita\nSecurity: 0.9\nDamage Taken: 14194\n\nInvolved parties:\n\nName: Ganker Name (laid the final blow)\nSecurity: -1.00\nCorp: Ganker Corp\nShip: Rifter\nWeapon: Warrior II\nDamage Done: 14194\n\nDestroyed items:\n\nMedium Armor Maintenance Bot I, Qty: 3 (Drone Bay)\nTengu Engineering - Capacitor Regeneration Matrix\nPower Diagnostic System II (Cargo)\n\nDropped items:\n\nWarrior II (Drone Bay)\nTritanium, Qty: 1,000 (Cargo)",
    [
      ['Medium Armor Maintenance Bot I', 3],
      ['Tengu Engineering - Capacitor Regeneration Matrix', 1],
      ['Power Diagnostic System II', 1],
      ['Warrior II', 1],
      ['Tritanium', 1000],
    ],
  ],
  [
    'killmail (RU)',
    '2024.05.01 17:28:00\n\nЖертва: Иван Петров\nКорпорация: Demo Mining Syndicate\nУничтожено: Rifter\nСистема: Jita\nБезопасность: 0.9\nПолучено урона: 1419\n\nУчастники:\n\nИмя: Ганкер (нанёс последний удар)\nКорабль: Tayra\nОружие: Warrior II\n\nУничтоженные предметы:\n\nWarrior II, Кол-во: 3 (Отсек для дронов)\nDamage Control II\n\nВыпавшие предметы:\n\nTritanium, Кол-во: 1 000 (Грузовой отсек)',
    [
      ['Warrior II', 3],
      ['Damage Control II', 1],
      ['Tritanium', 1000],
    ],
  ],

  // Wallet.
  [
    'wallet: market transactions priced, journal lines skipped',
    "2014.01.04 05:49:31\tMarket Escrow\t-251.00 ISK\t325.22 ISK\tMarket escrow authorized by: Me\n2014.01.04 16:08\tStorm Command Center\t200,000.00 ISK\t1\t-200,000.00 ISK\tISK\tlady scarlette\tOtanuomi IV - Moon 4 - Ishukone Corporation Factory\n2014.12.19 20:04\tMedium Core Defense Capacitor Safeguard II\t7'999'996.10 ISK\t2\t15'999'992.20 ISK\tISK\tOrmand Ishikela\tJita IV - Moon 4 - Caldari Navy Assembly Plant",
    [
      ['Storm Command Center', 1],
      ['Medium Core Defense Capacitor Safeguard II', 2],
    ],
  ],
  [
    'wallet transactions (RU numbers)',
    '2024.05.01 16:08\tTritanium\t5,00 ISK\t1 000 000\t-5 000 000,00 ISK\tISK\tИван Петров\tJita IV - Moon 4 - Caldari Navy Assembly Plant',
    [['Tritanium', 1000000]],
  ],

  // Compare window.
  [
    'compare window',
    "Small Armor Repairer I\tTech I\t40 GJ\t5 MW\t5 tf\t6.00 s\t69 HP\tLevel 0\nSmall Armor Repairer II\tTech II\t40 GJ\t6 MW\t6 tf\t6.00 s\t92 HP\tLevel 5\n'Gorget' Small Armor Repairer I\tStoryline\t40 GJ\t5 MW\t4 tf\t6.00 s\t92 HP\tLevel 6",
    [
      ['Small Armor Repairer I', 1],
      ['Small Armor Repairer II', 1],
      ["'Gorget' Small Armor Repairer I", 1],
    ],
  ],
  ['names with quotes and brackets', "Men's 'Esquire' Coat (red/gold)\tOuter\t1", [["Men's 'Esquire' Coat (red/gold)", 1]]],
  [
    'Windows line ends and blank lines',
    'Tritanium 1\r\n\r\nPyerite 2\r\n   \r\n',
    [
      ['Tritanium', 1],
      ['Pyerite', 2],
    ],
  ],
];

describe('appraisal parser: every paste format, both clients', () => {
  it.each(CASES)('%s', (_label, text, expected) => {
    const result = appraise(text);
    expect(result.errors).toEqual([]);
    expect(result.items).toEqual(expected);
  });
});

describe('lines that match nothing', () => {
  it('come back one Russian message per line, naming it; the other lines still count', () => {
    expect(appraise('Tritanium 10\nНе предмет вовсе\n12345\nPyerite x 2\n[Nonexistent Ship, fit]')).toEqual({
      items: [
        ['Tritanium', 10],
        ['Pyerite', 2],
      ],
      errors: [
        'Строка 2: не удалось распознать «Не предмет вовсе»',
        'Строка 3: не удалось распознать «12345»',
        'Строка 5: не удалось распознать «[Nonexistent Ship, fit]»',
      ],
    });
  });

  it('a tab row is named with spaces; long lines are shortened', () => {
    const long = 'Ж'.repeat(100);
    expect(appraise(`Unknown\t5\n${long}`).errors).toEqual([
      'Строка 1: не удалось распознать «Unknown 5»',
      `Строка 2: не удалось распознать «${'Ж'.repeat(77)}…»`,
    ]);
  });

  it('a line over 1 000 characters is reported, not read', () => {
    expect(appraise(`Tritanium 1\n${'a'.repeat(1001)}`)).toEqual({
      items: [['Tritanium', 1]],
      errors: ['Строка 2: слишком длинная (больше 1000 символов)'],
    });
  });

  it('at most 200 messages, then a count', () => {
    const { errors } = appraise(Array.from({ length: 250 }, (_, i) => `nothing ${i}a`).join('\n'));
    expect(errors).toHaveLength(201);
    expect(errors[200]).toBe('…и ещё 50 нераспознанных строк');
  });

  it('blank lines, section titles, table headers and killmail fields are not errors', () => {
    expect(appraise('\n\nHigh power\nДроны\nName\tQuantity\n2024.05.01 10:00\n[empty low slot]\n')).toEqual({
      items: [],
      errors: [],
    });
  });
});

describe('survey scanner headers', () => {
  it('with the name lookup, a line of a survey paste that names nothing is still reported', () => {
    expect(appraise('Pyroxeres\t1,919\t5,842 m\nScordite\nне руда').errors).toEqual([
      'Строка 3: не удалось распознать «не руда»',
    ]);
  });
});

describe('what is looked up', () => {
  it('a letter whose lower case is longer (İ) does not shift the other names', () => {
    expect(appraise('İİİ note\nTRITANIUM 5\nPyerite\t3\nİ Mexallon x 2')).toEqual({
      items: [
        ['Tritanium', 5],
        ['Pyerite', 3],
      ],
      errors: ['Строка 1: не удалось распознать «İİİ note»', 'Строка 4: не удалось распознать «İ Mexallon x 2»'],
    });
  });

  it('numbers lines as the pasting client cut them: \\r\\n, \\r and \\n each end one', () => {
    const text = 'Tritanium 1\r\nnot an item\rPyerite 2\n\r\nstill not one\r\rMexallon 3\r\n';
    expect(appraise(text)).toEqual({
      items: [
        ['Tritanium', 1],
        ['Pyerite', 2],
        ['Mexallon', 3],
      ],
      errors: ['Строка 2: не удалось распознать «not an item»', 'Строка 5: не удалось распознать «still not one»'],
    });
    expect(parseAppraisal(text).lines.map((l) => l.line)).toEqual([1, 2, 3, 5, 7]);
  });

  it('a killmail section title after a lone \\r still makes the paste a killmail (its header fields are no errors)', () => {
    const text = 'Victim: Some Pilot\rDestroyed items:\rRifter, Qty: 2';
    expect(appraise(text)).toEqual({ items: [['Rifter', 2]], errors: [] });
  });

  it('halves a paste at the first line break from its middle, numbering the second half on', () => {
    expect(halvePaste('Tritanium 1\r\nPyerite 2')).toEqual([
      { text: 'Tritanium 1', firstLine: 1 },
      { text: 'Pyerite 2', firstLine: 2 },
    ]);
    expect(halvePaste('a\n\nb\rTritanium 1\nc')).toEqual([
      { text: 'a\n\nb\rTritanium 1', firstLine: 1 },
      { text: 'c', firstLine: 5 },
    ]);
    expect(halvePaste('Tritanium 1\nPyerite 2 and a long tail')).toBeNull();
    expect(isKillmailPaste('Victim: X\r\n  Уничтоженные предметы :  \nRifter')).toBe(true);
    expect(isKillmailPaste('Victim: X\nRifter: 2')).toBe(false);
  });

  it('trims cells exactly as String.prototype.trim does, for every UTF-16 code unit', () => {
    const differs: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isWhiteCode(c) !== (String.fromCharCode(c).trim() === '')) differs.push(c);
    expect(differs).toEqual([]);
  });

  it('with the name lookup, a line stops at its first known reading and keeps what was found', () => {
    const line = 'Navy Cap Booster 400';
    const names = (lookup?: (key: string) => unknown) =>
      parseAppraisal(line, lookup).lines[0].readings.map((r) => r.map((i) => [i.name, i.quantity]));
    expect(names()).toEqual([[['Navy Cap Booster 400', 1]], [['Navy Cap Booster', 400]]]);
    expect(names((key) => CATALOGUE.get(key))).toEqual([[['Navy Cap Booster 400', 1]]]);
    expect(names(() => undefined)).toEqual(names());
    const lazy = parseAppraisal(line, (key) => CATALOGUE.get(key)).lines[0];
    expect(lazy.known?.reading).toBe(lazy.readings[0]);
    expect(lazy.known?.types).toEqual([CATALOGUE.get('navy cap booster 400')]);
    expect(parseAppraisal(line).lines[0].known).toBeUndefined();
  });

  it('every candidate name once, in first-seen order', () => {
    expect(appraisalNames(parseAppraisal('Plex 1\nplex 2\n10x Rifter'))).toEqual([
      'Plex 1',
      'Plex',
      'plex 2',
      '10x Rifter',
      'Rifter',
    ]);
  });
});
