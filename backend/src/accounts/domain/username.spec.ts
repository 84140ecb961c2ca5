import { usernameSkeleton } from './username';

// Names that differ only in case are one name already (the unique `username_lower`); the
// skeleton adds the look-alikes.
describe('usernameSkeleton: look-alike names share one skeleton', () => {
  it.each([
    ['demo_admin', 'demo_аdmin (Cyrillic а)'],
    ['DEMO_ADMIN', 'DEMO_АDMIN (Cyrillic А)'],
    ['demo_admin', 'dеmо_аdmіn (Cyrillic е, о, а, і)'],
    ['mike', 'rnike'],
    ['bob', 'b0b'],
    ['Ilya', 'llya'],
    ['paypal', 'РАУРАL (Cyrillic capitals)'],
    ['pilot', 'ріlot (Cyrillic р, і)'],
    ['Пилот', 'пилот'],
    ['cafe\u0301', 'café (composed é)'],
  ])('%s ~ %s', (a, b) => {
    expect(usernameSkeleton(b.replace(/ \(.*\)$/, ''))).toBe(usernameSkeleton(a));
  });

  it.each([
    ['pilot', 'pilots'],
    ['Пилот', 'Пилоты'],
    ['demo_admin', 'demo_fc'],
    ['ivan', 'iwan'],
  ])('%s and %s stay apart', (a, b) => {
    expect(usernameSkeleton(a)).not.toBe(usernameSkeleton(b));
  });
});
