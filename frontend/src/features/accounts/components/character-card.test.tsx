import { screen, waitFor, within } from '@testing-library/react';
import { formatSecurity, type CharacterCard, type UserProfileResponse } from '@eve-toolkit/shared-types';
import { renderApp, sessionFor, TEST_CSRF_TOKEN } from '../../../test/render-app';

const card = (over: Partial<CharacterCard>): CharacterCard => ({
  id: 2112000001,
  name: 'Ivan Petrov',
  icon: 'https://images.evetech.net/characters/2112000001/portrait?size=64',
  system: { name: 'Jita', sec: 0.945913 },
  wallet: 1234567.891,
  new_mails: 3,
  needs_relink: false,
  updated_at: '2026-03-01T12:00:00.000Z',
  ...over,
});

const CHARS: CharacterCard[] = [
  card({}),
  card({ id: 2, name: 'Anna Sokolova', system: { name: 'Uedama', sec: 0.50544 }, wallet: 0, new_mails: 0 }),
  card({ id: 3, name: 'Jon Doe', system: { name: 'Tama', sec: 0.282556 }, needs_relink: true }),
  card({ id: 4, name: 'Mira Kestrel', system: { name: '1DQ1-A', sec: -0.385782 }, wallet: null, new_mails: null }),
  card({ id: 5, name: 'Low Sec', system: { name: 'Amamake', sec: 0.438761 } }),
  card({ id: 6, name: 'Edge', system: { name: 'Edge', sec: 0.04 } }),
  card({ id: 7, name: 'Nowhere', system: null, updated_at: null }),
];

function profile(chars: CharacterCard[] | null, isSelf = true): UserProfileResponse {
  return { username: 'pilot', roles: ['admin', 'user'], chars, is_self: isSelf };
}

describe('formatSecurity', () => {
  it.each([
    [0.945913, '0,9'],
    [1, '1,0'],
    [0.50544, '0,5'],
    [0.45, '0,5'],
    [0.04, '0,1'],
    [0, '0,0'],
    [-0.04, '0,0'],
    [-0.385782, '-0,4'],
  ])('%p -> %p', (sec, text) => expect(formatSecurity(sec)).toBe(text));
});

describe('/account/user/{name}: characters', () => {
  it('shows each card: system coloured by security, wallet in ISK, new mail, a re-link mark', async () => {
    renderApp('/account/user/pilot', {
      session: sessionFor('pilot', ['user']),
      handler: (url) => (url.endsWith('/auth/user/pilot') ? { body: profile(CHARS) } : undefined),
    });
    const list = await screen.findByTestId('characters');
    const system = (id: number) =>
      within(screen.getByTestId(`character-${id}`))
        .getByText(/Система:/)
        .querySelector('span');
    expect([2112000001, 2, 3, 4, 5, 6].map((id) => [system(id)!.textContent, system(id)!.getAttribute('data-sec')])).toEqual([
      ['Jita 0,9', 'blue'],
      ['Uedama 0,5', 'green'],
      ['Tama 0,3', 'orange'],
      ['1DQ1-A -0,4', 'purple'],
      ['Amamake 0,4', 'orange'],
      ['Edge 0,1', 'orange'],
    ]);
    const ivan = within(screen.getByTestId('character-2112000001'));
    expect(ivan.getByText('Кошелёк: 1 234 567,90 ISK')).toBeInTheDocument();
    expect(ivan.getByText('Новых писем: 3')).toBeInTheDocument();
    expect(within(screen.getByTestId('character-4')).getByText('Кошелёк: —')).toBeInTheDocument();
    expect(within(screen.getByTestId('character-4')).getByText('Новых писем: —')).toBeInTheDocument();
    expect(within(screen.getByTestId('character-7')).getByText('неизвестно')).toBeInTheDocument();
    expect(within(screen.getByTestId('character-3')).getByText('Нужна повторная привязка')).toBeInTheDocument();
    expect(within(list).queryAllByText('Нужна повторная привязка')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^Войти через EVE Online$/i })).toHaveTextContent('Войти через EVE ONLINE');
  });

  it('unlinks one character (with the CSRF token) and refreshes the cards on demand', async () => {
    const calls: { method: string; url: string; csrf: string | null }[] = [];
    let chars = [CHARS[0], CHARS[1]];
    const { user } = renderApp('/account/user/pilot', {
      session: sessionFor('pilot', ['user']),
      handler: (url, init) => {
        const method = init?.method ?? 'GET';
        if (method !== 'GET') calls.push({ method, url, csrf: new Headers(init?.headers).get('X-CSRF-Token') });
        if (url.endsWith('/auth/user/pilot')) return { body: profile(chars) };
        if (url.endsWith('/auth/esi/del_char/2')) {
          chars = [CHARS[0]];
          return { body: { ok: true } };
        }
        if (url.endsWith('/auth/esi/refresh')) return { body: { chars: [{ ...CHARS[0], wallet: 5, new_mails: 9 }] } };
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Отвязать Anna Sokolova' }));
    await waitFor(() => expect(screen.queryByTestId('character-2')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Обновить данные персонажей' }));
    expect(await screen.findByText('Кошелёк: 5,00 ISK')).toBeInTheDocument();
    expect(screen.getByText('Новых писем: 9')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'DELETE', url: expect.stringMatching(/\/auth\/esi\/del_char\/2$/), csrf: TEST_CSRF_TOKEN },
      { method: 'POST', url: expect.stringMatching(/\/auth\/esi\/refresh$/), csrf: TEST_CSRF_TOKEN },
    ]);
  });

  it('says why linking cannot start, and shows the SSO error the callback sent back', async () => {
    const { user } = renderApp('/account/user/pilot?sso_error=otherAccount', {
      session: sessionFor('pilot', ['user']),
      handler: (url) => {
        if (url.endsWith('/auth/user/pilot')) return { body: profile([]) };
        if (url.endsWith('/auth/esi/auth_link'))
          return {
            status: 503,
            body: { statusCode: 503, code: 'X', message: 'Вход через EVE Online не настроен на этом сервере' },
          };
        return undefined;
      },
    });
    expect(await screen.findByText('Этот персонаж уже привязан к другому аккаунту')).toBeInTheDocument();
    expect(screen.getByText('Персонажи пока не привязаны.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Войти через EVE Online$/i }));
    expect(await screen.findByText('Вход через EVE Online не настроен на этом сервере')).toBeInTheDocument();
  });

  it('shows no text taken from the address: an unknown ?sso_error= shows nothing', async () => {
    const forged = 'Ваш аккаунт заблокирован, позвоните по номеру 8-800';
    renderApp(`/account/user/pilot?sso_error=${encodeURIComponent(forged)}`, {
      session: sessionFor('pilot', ['user']),
      handler: (url) => (url.endsWith('/auth/user/pilot') ? { body: profile([]) } : undefined),
    });
    expect(await screen.findByText('Персонажи пока не привязаны.')).toBeInTheDocument();
    expect(screen.queryByText(forged)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows another user's page without characters or the owner's buttons; an admin sees the cards but cannot unlink", async () => {
    renderApp('/account/user/pilot', {
      session: sessionFor('someone', ['user']),
      handler: (url) => (url.endsWith('/auth/user/pilot') ? { body: profile(null, false) } : undefined),
    });
    expect(await screen.findByTestId('roles')).toHaveTextContent('АдминПользователь');
    expect(screen.queryByTestId('characters')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Войти через EVE Online$/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Выйти' })).toBeNull();
  });

  it('lets an admin see the cards without unlink or link buttons', async () => {
    renderApp('/account/user/pilot', {
      session: sessionFor('boss', ['admin', 'user']),
      handler: (url) => (url.endsWith('/auth/user/pilot') ? { body: profile([CHARS[0]], false) } : undefined),
    });
    expect(await screen.findByTestId('character-2112000001')).toHaveTextContent('Ivan Petrov');
    expect(screen.queryByRole('button', { name: 'Отвязать Ivan Petrov' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Войти через EVE Online$/i })).toBeNull();
  });

  it("says 'Не удалось получить данные пользователя.' and retries on 'Попробуйте снова'", async () => {
    let fail = true;
    const { user } = renderApp('/account/user/pilot', {
      session: sessionFor('pilot', ['user']),
      handler: (url) => {
        if (!url.endsWith('/auth/user/pilot')) return undefined;
        return fail
          ? { status: 500, body: { statusCode: 500, code: 'X', message: 'Внутренняя ошибка сервера' } }
          : { body: profile([CHARS[0]]) };
      },
    });
    expect(await screen.findByText('Не удалось получить данные пользователя.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Попробуйте снова' }));
    expect(await screen.findByTestId('character-2112000001')).toBeInTheDocument();
  });
});
