import { act, screen, waitFor, within } from '@testing-library/react';
import { doctrineAtHub, type Doctrine, type DoctrineReadinessResponse, type DoctrinesResponse } from '@eve-toolkit/shared-types';
import { setSocketForTests, type AppSocket } from '../../../shared/socket';
import { renderApp, sessionFor, type FetchHandler } from '../../../test/render-app';

/** A stand-in socket: records listeners so a test can play a server event. */
function fakeSocket() {
  const listeners = new Map<string, Set<(...a: unknown[]) => void>>();
  const socket = {
    connected: true,
    recovered: true,
    on: (ev: string, l: (...a: unknown[]) => void) => void (listeners.get(ev) ?? listeners.set(ev, new Set()).get(ev)!).add(l),
    off: (ev: string, l: (...a: unknown[]) => void) => void listeners.get(ev)?.delete(l),
    connect: () => socket,
  };
  const emit = (ev: string, payload: unknown) => act(() => listeners.get(ev)?.forEach((l) => l(payload)));
  return { socket: socket as unknown as AppSocket, emit };
}

let live: ReturnType<typeof fakeSocket>;
beforeEach(() => {
  live = fakeSocket();
  setSocketForTests(live.socket);
});
afterEach(() => setSocketForTests(null));

const FC = sessionFor('Sergei', ['corp', 'fc']);
const MEMBER = sessionFor('Natalia', ['corp']);

const RIFTER: Doctrine = {
  id: 'd1',
  name: 'Рифтеры',
  updated_at: '2026-11-26T10:00:00.000Z',
  updated_by: 'demo_fc',
  fits: [
    {
      id: 'f1',
      name: 'Тэкл',
      ship: { id: 587, name: 'Rifter', name_en: 'Rifter' },
      items: [
        { id: 447, name: 'Warp Scrambler I', name_en: 'Warp Scrambler I', quantity: 1 },
        { id: 185, name: 'EMP S', name_en: 'EMP S', quantity: 100 },
      ],
      eft: '[Rifter, Тэкл]\nWarp Scrambler I\nEMP S x100',
      price: { hub: 2, sell: 1_500_000, buy: 1_200_000 },
      hubs: [
        { hub: 2, sell: 1_500_000, buy: 1_200_000 },
        { hub: 1, sell: 1_400_000, buy: null },
        { hub: 3, sell: null, buy: null },
        { hub: 4, sell: 1_600_000, buy: 1_000_000 },
        { hub: 5, sell: null, buy: null },
      ],
    },
  ],
};

function api(can_manage: boolean, readiness?: DoctrineReadinessResponse) {
  const list: DoctrinesResponse = { doctrines: [RIFTER], can_manage };
  const handler: FetchHandler = (url) => {
    if (url.startsWith('/auth/corp/doctrines?hub=')) return { body: list };
    if (url.startsWith('/auth/corp/doctrine_readiness?id=d1') && readiness) return { body: readiness };
    return undefined;
  };
  return handler;
}

describe('/corp/doctrines', () => {
  it('shows the fits priced at the hub, every hub with the cheapest marked, unknown as «нет цены»; «Купить всё» copies the Multibuy', async () => {
    const r = renderApp('/corp/doctrines', { session: MEMBER, handler: api(false) });
    const card = await screen.findByTestId('doctrine-d1');
    expect(within(card).getByTestId('doctrine-name')).toHaveTextContent('Рифтеры');
    expect(within(card).getByTestId('fit-price').textContent).toMatch(/^1\s500\s000,00\sISK$/);
    expect(within(card).queryByRole('button', { name: 'Изменить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Новая доктрина' })).toBeNull();
    await r.user.click(within(card).getByRole('button', { name: /Состав/ }));
    expect(within(card).getByTestId('fit-items')).toHaveTextContent('Warp Scrambler I × 1EMP S × 100');
    expect(within(card).getByTestId('best-hub').closest('tr')).toBe(within(card).getByTestId('hub-1'));
    expect(within(card).getByTestId('hub-1')).toHaveTextContent('нет цены');
    expect(within(card).getByTestId('hub-3')).toHaveTextContent('нет ценынет цены');
    expect(
      within(within(card).getByTestId('hub-3'))
        .getAllByRole('cell')
        .map((c) => c.dataset.label),
    ).toEqual(['Хаб', 'Продажа', 'Покупка']);
    await r.user.click(within(card).getByRole('button', { name: 'Купить всё' }));
    expect(await navigator.clipboard.readText()).toBe('Rifter\t1\nWarp Scrambler I\t1\nEMP S\t100');
  });

  it('a fit not fully priced at the hub: «нет цены» and why, never 0', async () => {
    const unpriced: Doctrine = { ...RIFTER, fits: [{ ...RIFTER.fits[0], price: { hub: 2, sell: null, buy: 1_200_000 } }] };
    const list: DoctrinesResponse = { doctrines: [unpriced], can_manage: false };
    renderApp('/corp/doctrines', {
      session: MEMBER,
      handler: (url) => (url.startsWith('/auth/corp/doctrines?hub=') ? { body: list } : undefined),
    });
    const card = await screen.findByTestId('doctrine-d1');
    expect(within(card).getByTestId('fit-price')).toHaveTextContent(/^нет цены$/);
    expect(within(card).getByTestId('fit-price-note')).toHaveTextContent(/^в Jita 4-4 нет цены на часть предметов$/);
  });

  it('patches the list from the room: a saved doctrine at the page’s hub, a deleted one gone', async () => {
    renderApp('/corp/doctrines', { session: MEMBER, handler: api(false) });
    await screen.findByTestId('doctrine-d1');
    const renamed = { ...RIFTER, name: 'Рифтеры 2' };
    live.emit('corp:doctrine-saved', { corporationId: 1, doctrine: renamed });
    await waitFor(() => expect(screen.getByTestId('doctrine-d1')).toHaveTextContent('Рифтеры 2'));
    const second = doctrineAtHub({ ...RIFTER, id: 'd0', name: 'Ферроксы' }, 4);
    live.emit('corp:doctrine-saved', { corporationId: 1, doctrine: second });
    await waitFor(() =>
      expect(screen.getAllByTestId('doctrine-name').map((e) => e.textContent)).toEqual(['Рифтеры 2', 'Ферроксы']),
    );
    // The page's hub is Jita: the new one's price is taken from its hubs there.
    expect(within(screen.getByTestId('doctrine-d0')).getByTestId('fit-price').textContent).toMatch(/^1\s500\s000,00\sISK$/);
    live.emit('corp:doctrine-deleted', { corporationId: 1, doctrineId: 'd1' });
    await waitFor(() => expect(screen.queryByTestId('doctrine-d1')).toBeNull());
  });

  it('for FCs: add and edit buttons, and who can fly it with the missing skills', async () => {
    const r = renderApp('/corp/doctrines', {
      session: FC,
      handler: api(true, {
        fits: [
          {
            fit_id: 'f1',
            name: 'Тэкл',
            ship: { id: 587, name: 'Rifter' },
            pilots: [
              { character: { id: 1, name: 'Sergei Morozov' }, can_fly: true, missing: [], problem: null, mine: true },
              {
                character: { id: 2, name: 'Pavel Kuznetsov' },
                can_fly: false,
                missing: [{ skill: { id: 3302, name: 'Малые баллистические орудия' }, level: 5, have: 4 }],
                problem: null,
                mine: false,
              },
              {
                character: { id: 3, name: 'Olga Smirnova' },
                can_fly: null,
                missing: [],
                problem: 'Нет доступа к навыкам',
                mine: false,
              },
            ],
          },
        ],
      }),
    });
    const card = await screen.findByTestId('doctrine-d1');
    expect(screen.getByRole('button', { name: 'Новая доктрина' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Изменить' })).toBeInTheDocument();
    await r.user.click(within(card).getByRole('button', { name: 'Кто может лететь' }));
    const table = await within(card).findByTestId('readiness-d1');
    expect(within(table).getByTestId('pilot-1')).toHaveTextContent('Sergei Morozov (вы)Может');
    expect(within(table).getByTestId('pilot-2')).toHaveTextContent('Не можетМалые баллистические орудия: нужно V, есть IV');
    expect(within(table).getByTestId('pilot-3')).toHaveTextContent('НеизвестноНет доступа к навыкам');
    // On a phone each pilot is a card: every cell says which fit it is about.
    expect(
      within(within(table).getByTestId('pilot-2'))
        .getAllByRole('cell')
        .map((c) => c.dataset.label),
    ).toEqual(['Пилот', 'Rifter «Тэкл»']);
  });
});
