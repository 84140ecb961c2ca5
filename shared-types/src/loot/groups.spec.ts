import { findPilot, groupPairs, initialGroups, movePilot, normalizeGroups, sumItemPairs } from './groups';

describe('initialGroups', () => {
  it('puts every pilot into one group, in upload order', () => {
    expect(initialGroups(4)).toEqual([[0, 1, 2, 3]]);
    expect(initialGroups(0)).toEqual([]);
  });
});

describe('movePilot', () => {
  it.each([
    ['left past the start makes a new first group', [[0, 1, 2]], 1, 'left', [[1], [0, 2]]],
    ['right past the end makes a new last group', [[0, 1, 2]], 2, 'right', [[0, 1], [2]]],
    [
      'into the neighbour on the right, in upload order',
      [
        [0, 2],
        [1, 3],
      ],
      0,
      'right',
      [[2], [0, 1, 3]],
    ],
    [
      'into the neighbour on the left, in upload order',
      [
        [0, 2],
        [1, 3],
      ],
      3,
      'left',
      [[0, 2, 3], [1]],
    ],
    ['an emptied middle group vanishes', [[0], [1], [2]], 1, 'left', [[0, 1], [2]]],
    ['an emptied first group vanishes', [[0], [1, 2]], 0, 'right', [[0, 1, 2]]],
    ['a lone pilot of the first group moving left stays where it is', [[0], [1, 2]], 0, 'left', [[0], [1, 2]]],
    ['a lone pilot of the last group moving right stays where it is', [[0, 1], [2]], 2, 'right', [[0, 1], [2]]],
    ['the other groups keep their order', [[4], [0, 1], [2, 3]], 2, 'left', [[4], [0, 1, 2], [3]]],
  ] as const)('%s', (_, groups, pilot, dir, expected) => {
    const before = JSON.stringify(groups);
    expect(
      movePilot(
        groups.map((g) => [...g]),
        pilot,
        dir,
      ),
    ).toEqual(expected);
    expect(JSON.stringify(groups)).toBe(before);
  });

  it('a round trip returns to the start', () => {
    let g = initialGroups(3);
    g = movePilot(g, 1, 'right');
    expect(g).toEqual([[0, 2], [1]]);
    g = movePilot(g, 1, 'right');
    expect(g).toEqual([[0, 2], [1]]);
    g = movePilot(g, 0, 'left');
    expect(g).toEqual([[0], [2], [1]]);
    g = movePilot(g, 1, 'left');
    expect(g).toEqual([[0], [1, 2]]);
    g = movePilot(g, 0, 'right');
    expect(g).toEqual([[0, 1, 2]]);
  });

  it('an unknown pilot changes nothing', () => {
    const g = [[0, 1]];
    expect(movePilot(g, 7, 'left')).toBe(g);
    expect(findPilot(g, 1)).toEqual([0, 1]);
    expect(findPilot(g, 7)).toBeNull();
  });
});

describe('normalizeGroups', () => {
  it.each([
    [[[2, 0], [1]], 3, [[0, 2], [1]]],
    [[[0], [1]], 3, null],
    [
      [
        [0, 1],
        [1, 2],
      ],
      3,
      null,
    ],
    [[[0, 1], [], [2]], 3, null],
    [[[0, 3]], 2, null],
    [[[0, 1.5]], 2, null],
    [[], 0, []],
  ])('%j of %d pilots -> %j', (groups, count, expected) => {
    expect(normalizeGroups(groups, count)).toEqual(expected);
  });
});

describe('sums', () => {
  const pilots = [
    {
      items: [
        [34, 100],
        [2488, 2],
      ] as [number, number][],
    },
    { items: [[2488, 3]] as [number, number][] },
    {
      items: [
        [35, 7],
        [34, 1],
      ] as [number, number][],
    },
  ];
  it('sums by type in first-appearance order', () => {
    expect(groupPairs(pilots, [0, 1, 2])).toEqual([
      [34, 101],
      [2488, 5],
      [35, 7],
    ]);
    expect(groupPairs(pilots, [1, 2])).toEqual([
      [2488, 3],
      [35, 7],
      [34, 1],
    ]);
    expect(sumItemPairs([])).toEqual([]);
  });
});
