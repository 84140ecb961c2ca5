import { NameSuggester, nameWords, wordScore } from './name-suggester';

/** Real type names (English and Russian, as in the SDE) that look alike. */
const NAMES = [
  'Tritanium',
  'Pyerite',
  'Mexallon',
  'Isogen',
  'Nocxium',
  'Zydrine',
  'Megacyte',
  'Morphite',
  'PLEX',
  'Rifter',
  'Rifter Blueprint',
  'Raven',
  'Raven Navy Issue',
  'Damage Control I',
  'Damage Control II',
  'Large Shield Extender I',
  'Large Shield Extender II',
  'Medium Shield Extender II',
  'Large Shield Booster II',
  '5MN Microwarpdrive I',
  '5MN Microwarpdrive II',
  '50MN Microwarpdrive II',
  '10MN Afterburner II',
  'Drone Damage Amplifier II',
  'X-Large Ancillary Shield Booster',
  'XL Torpedo Launcher I',
  'Aurora S Blueprint',
  'Warrior II',
  'Hammerhead II',
  'Heavy Missile Launcher II',
  'Nanofiber Internal Structure II',
  'Magmatic Gas',
  'Магматический газ',
  'Кибернетика',
  'Ведение орудийного огня',
  'Гиперсетевая ячейка «Тритан»',
  'Ёмкость для руды',
];

describe('name words', () => {
  it.each([
    ['5MN Microwarpdrive II', ['5', 'mn', 'microwarpdrive', 'ii']],
    ['DC2', ['dc', '2']],
    ['dc t2', ['dc', 'ii']],
    ['Hornet EC-300', ['hornet', 'ec', '300']],
    ['Ёмкость для руды', ['емкость', 'для', 'руды']],
    ["Men's 'Esquire' Coat", ['men', 's', 'esquire', 'coat']],
  ])('%s -> %j', (text, words) => expect(nameWords(text)).toEqual(words));

  it.each([
    ['tritanium', 'tritanium', 1],
    ['2', 'ii', 0.95],
    ['tritanum', 'tritanium', 0.85], // a letter missing
    ['tritnaium', 'tritanium', 0.7], // two letters swapped (2 edits)
    ['megacite', 'megacyte', 0.85],
    ['extend', 'extender', 0.8],
    ['mwd', 'microwarpdrive', 0.55],
    ['damagecontrol', 'damage', 0.5],
    ['rav', 'rifter', 0],
    ['ii', 'i', 0],
    ['10', '50', 0],
  ])('%s ~ %s: %d', (token, word, score) => expect(wordScore(token, word)).toBe(score));
});

describe('NameSuggester', () => {
  const suggester = new NameSuggester(NAMES);
  const best = (query: string) => suggester.suggest(query, 3).map((s) => s.name);

  it.each([
    ['a missing letter', 'Tritanum', 'Tritanium'],
    ['letters swapped', 'Tritnaium', 'Tritanium'],
    ['a wrong letter', 'Megacite', 'Megacyte'],
    ['an extra letter', 'Damage Controll II', 'Damage Control II'],
    ['T2 for II', 'Damage Control T2', 'Damage Control II'],
    ['a digit for II, glued', 'DC2', 'Damage Control II'],
    ['initials', 'LSE II', 'Large Shield Extender II'],
    ['initials and T2', 'DDA T2', 'Drone Damage Amplifier II'],
    ['initials that are a word too', 'XL ASB', 'X-Large Ancillary Shield Booster'],
    ['a squeezed word', '5mn mwd 2', '5MN Microwarpdrive II'],
    ['words run together', 'damagecontrol II', 'Damage Control II'],
    ['Russian, a typo', 'Магматичский газ', 'Магматический газ'],
    ['Russian, е for ё', 'Емкость для руды', 'Ёмкость для руды'],
    ['case and spaces', '  hammerhead   ii ', 'Hammerhead II'],
  ])('%s: %s -> %s first', (_what, query, name) => expect(best(query)[0]).toBe(name));

  it('offers the nearest few, best first', () => {
    expect(best('Large Shield Extender')).toEqual([
      'Large Shield Extender I',
      'Large Shield Extender II',
      'Large Shield Booster II',
    ]);
  });

  it('offers nothing for what resembles no name', () => {
    expect(best('совсем не предмет')).toEqual([]);
    expect(best('12345')).toEqual([]);
    expect(best('')).toEqual([]);
  });

  it('counts each name once', () => {
    expect(new NameSuggester(['Tritanium', 'tritanium', 'Tritanium']).size).toBe(1);
  });
});
