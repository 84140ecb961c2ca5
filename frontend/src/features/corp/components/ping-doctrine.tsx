import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { countRu, type DoctrinePilot, type Ping } from '@eve-toolkit/shared-types';
import { useDoctrineReadiness } from '../api/doctrines.api';

/** «Ivan Petrov — может» for the viewer's own pilots on a fit. */
function mineText(fits: { fit: string; pilots: DoctrinePilot[] }[]): string {
  const ready = new Map<string, string[]>();
  for (const f of fits)
    for (const p of f.pilots)
      if (p.mine && p.can_fly) ready.set(p.character.name, [...(ready.get(p.character.name) ?? []), f.fit]);
  if (ready.size > 0) return `Вы можете лететь: ${[...ready].map(([name, list]) => `${name} (${list.join(', ')})`).join('; ')}`;
  const mine = fits.flatMap((f) => f.pilots.filter((p) => p.mine));
  if (mine.length === 0) return 'У вас нет персонажей в корпорации';
  if (mine.every((p) => p.can_fly === null)) return `Не удалось узнать навыки: ${mine[0].problem ?? ''}`;
  // The closest one: the pilot and fit with the fewest missing skills.
  const closest = fits
    .flatMap((f) => f.pilots.filter((p) => p.mine && p.can_fly === false).map((p) => ({ f: f.fit, p })))
    .sort((a, b) => a.p.missing.length - b.p.missing.length)[0];
  if (!closest) return 'Ни один ваш персонаж не может лететь';
  const roman = ['0', 'I', 'II', 'III', 'IV', 'V'];
  const all = closest.p.missing.map((m) => `${m.skill.name} ${roman[m.level]} (есть ${roman[m.have]})`);
  const miss =
    all.length > 3
      ? `${all.slice(0, 3).join(', ')} и ещё ${countRu(all.length - 3, ['навык', 'навыка', 'навыков'])}`
      : all.join(', ');
  return `Ни один ваш персонаж не может лететь. Ближе всех ${closest.p.character.name} на ${closest.f}: не хватает ${miss}`;
}

/** The ping's doctrine from the library: its name (a link to the doctrines) and whether one of the viewer's characters can fly it. */
export function PingDoctrine({ event }: { event: Ping }) {
  const ref = event.doctrine_ref!;
  const q = useDoctrineReadiness(ref.id);
  const fits = q.data?.fits.map((f) => ({ fit: `${f.ship.name} «${f.name}»`, pilots: f.pilots })) ?? [];
  return (
    <>
      <Text size="sm" data-testid="event-doctrine">
        <Text span c="dimmed">
          Доктрина:
        </Text>{' '}
        <Anchor component={Link} to="/corp/doctrines" size="sm">
          {ref.name}
        </Anchor>
      </Text>
      {!event.cancelled && (
        <Text size="sm" data-testid="event-can-fly" c={q.isError ? 'dimmed' : undefined}>
          {q.isPending ? 'Проверяем навыки ваших персонажей…' : q.isError ? 'Доктрина удалена или недоступна' : mineText(fits)}
        </Text>
      )}
    </>
  );
}
