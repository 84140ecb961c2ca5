import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';

const TILE = 'data:image/png;base64,AAAA';
const captcha = { id: 'cap-1', target: TILE, options: Array.from({ length: 16 }, (_, i) => `${TILE}${i}`) };

describe('/account/login', () => {
  it('keeps submit disabled while a field is empty, saying what to enter', async () => {
    const { user } = renderApp('/account/login');
    const submit = await screen.findByRole('button', { name: 'Войти' });
    expect(submit).toBeDisabled();
    expect(screen.getByText('Введите логин')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Логин'), 'pilot');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Пароль'), 'secret1');
    expect(submit).toBeEnabled();
  });

  it('asks for the captcha, then logs in with its id; a wrong password says so', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const { user } = renderApp('/account/login', {
      handler: (url, init) => {
        if (url.endsWith('/auth/generate_captcha')) return { body: captcha };
        if (url.endsWith('/auth/validate_captcha')) {
          sent.push({ url, body: JSON.parse(String(init?.body)) });
          return { body: { ok: true } };
        }
        if (url.endsWith('/auth/login')) {
          sent.push({ url, body: Object.fromEntries((init?.body as FormData).entries()) });
          return { body: { ok: false, msg: 'invalid' } };
        }
        return undefined;
      },
    });
    await user.type(await screen.findByLabelText('Логин'), 'pilot');
    await user.type(screen.getByLabelText('Пароль'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    const grid = await screen.findByTestId('captcha');
    await user.click(within(grid).getByRole('button', { name: 'Картинка 2' }));
    await user.click(within(grid).getByRole('button', { name: 'Картинка 16' }));
    await user.click(within(grid).getByRole('button', { name: 'Проверить' }));
    expect(await screen.findByText('Вы ввели неправильный логин или пароль')).toBeInTheDocument();
    expect(sent).toEqual([
      { url: '/auth/validate_captcha', body: { captcha_id: 'cap-1', answer: '0100000000000001' } },
      { url: '/auth/login', body: { username: 'pilot', password: 'secret1', captcha_id: 'cap-1' } },
    ]);
  });
});

describe('/account/login: the sign-in limit comes before the captcha', () => {
  const LIMITED = {
    limited: true,
    retry_after: 420,
    message: 'Слишком много попыток входа с вашего адреса: попробуйте через 7 минут',
  };

  it('a limited address sees the wait at once, and no captcha is asked', async () => {
    const asked: string[] = [];
    const { user } = renderApp('/account/login', {
      handler: (url) => {
        asked.push(url);
        if (url.endsWith('/auth/login_limit')) return { body: LIMITED };
        return undefined;
      },
    });
    expect(await screen.findByTestId('login-limited')).toHaveTextContent(
      'Слишком много попыток входа с вашего адреса: попробуйте через 7 минут. Капчу решать не нужно',
    );
    await user.type(screen.getByLabelText('Логин'), 'pilot');
    await user.type(screen.getByLabelText('Пароль'), 'secret1');
    expect(screen.getByRole('button', { name: 'Войти' })).toBeDisabled();
    expect(screen.queryByTestId('captcha')).toBeNull();
    expect(asked.filter((u) => u.includes('captcha') || u.endsWith('/auth/login'))).toEqual([]);
  });

  it('the limit is asked again on «Войти»: reached meanwhile, the wait shows instead of the captcha', async () => {
    let calls = 0;
    const asked: string[] = [];
    const { user } = renderApp('/account/login', {
      handler: (url) => {
        asked.push(url);
        if (url.endsWith('/auth/login_limit')) {
          calls += 1;
          return { body: calls === 1 ? { limited: false, retry_after: 0, message: null } : LIMITED };
        }
        return undefined;
      },
    });
    await user.type(await screen.findByLabelText('Логин'), 'pilot');
    await user.type(screen.getByLabelText('Пароль'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByTestId('login-limited')).toHaveTextContent('попробуйте через 7 минут');
    expect(screen.queryByTestId('captcha')).toBeNull();
    expect(asked.filter((u) => u.includes('captcha'))).toEqual([]);
  });
});

describe('/account/register', () => {
  it('shows the spec messages for empty, short and mismatched fields and the agreement', async () => {
    const { user, fetchMock } = renderApp('/account/register');
    await user.click(await screen.findByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Поле логин должно быть заполнено!')).toBeInTheDocument();
    expect(screen.getByText('Поле пароль должно быть заполнено!')).toBeInTheDocument();
    expect(screen.getByText('Поле повтор пароля должно быть заполнено!')).toBeInTheDocument();
    expect(screen.getByText('Требуется принять пользовательское соглашение!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Логин'), 'abc');
    await user.type(screen.getByLabelText('Пароль'), 'secret1');
    await user.type(screen.getByLabelText('Повтор пароля'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Поле логин должно быть длиннее 3 символов')).toBeInTheDocument();
    expect(screen.getByText('Пароли не совпадают!')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('generate_captcha'))).toBe(false));
  });
});

describe('/account/register: the registration limit comes before the captcha', () => {
  const LIMITED = {
    limited: true,
    retry_after: 3000,
    message: 'Слишком много регистраций с вашего адреса: попробуйте через 50 минут',
  };

  async function fill(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText('Логин'), 'newcomer');
    await user.type(screen.getByLabelText('Пароль'), 'secret1');
    await user.type(screen.getByLabelText('Повтор пароля'), 'secret1');
    await user.click(screen.getByLabelText(/Принимаю/));
  }

  it('asks the limit, then the captcha, then registers with its id', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const { user, router } = renderApp('/account/register', {
      handler: (url, init) => {
        if (url.endsWith('/auth/registration_limit')) sent.push({ url, body: null });
        if (url.endsWith('/auth/generate_captcha')) return { body: captcha };
        if (url.endsWith('/auth/validate_captcha')) {
          sent.push({ url, body: JSON.parse(String(init?.body)) });
          return { body: { ok: true } };
        }
        if (url.endsWith('/auth/registration')) {
          sent.push({ url, body: Object.fromEntries((init?.body as FormData).entries()) });
          return { body: { ok: true } };
        }
        return undefined;
      },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    const grid = await screen.findByTestId('captcha');
    await user.click(within(grid).getByRole('button', { name: 'Картинка 3' }));
    await user.click(within(grid).getByRole('button', { name: 'Проверить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/register_done'));
    // Asked on the page and again on «Зарегистрироваться», both before the captcha.
    expect(sent).toEqual([
      { url: '/auth/registration_limit', body: null },
      { url: '/auth/registration_limit', body: null },
      { url: '/auth/validate_captcha', body: { captcha_id: 'cap-1', answer: '0010000000000000' } },
      {
        url: '/auth/registration',
        body: { username: 'newcomer', password: 'secret1', captcha_id: 'cap-1', email: 'none@eve-toolkit.local' },
      },
    ]);
  });

  it('a limited address sees the wait at once, and no captcha is asked', async () => {
    const asked: string[] = [];
    const { user } = renderApp('/account/register', {
      handler: (url) => {
        asked.push(url);
        if (url.endsWith('/auth/registration_limit')) return { body: LIMITED };
        return undefined;
      },
    });
    expect(await screen.findByTestId('registration-limited')).toHaveTextContent(
      'Слишком много регистраций с вашего адреса: попробуйте через 50 минут. Капчу решать не нужно: регистрация откроется сама',
    );
    await fill(user);
    expect(screen.getByRole('button', { name: 'Зарегистрироваться' })).toBeDisabled();
    expect(screen.queryByTestId('captcha')).toBeNull();
    expect(asked.filter((u) => u.includes('captcha') || u.endsWith('/auth/registration'))).toEqual([]);
  });

  it('the limit is asked again on «Зарегистрироваться»: reached meanwhile, the wait shows instead of the captcha', async () => {
    let calls = 0;
    const asked: string[] = [];
    const { user } = renderApp('/account/register', {
      handler: (url) => {
        asked.push(url);
        if (url.endsWith('/auth/registration_limit')) {
          calls += 1;
          return { body: calls === 1 ? { limited: false, retry_after: 0, message: null } : LIMITED };
        }
        return undefined;
      },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByTestId('registration-limited')).toHaveTextContent('попробуйте через 50 минут');
    expect(screen.queryByTestId('captcha')).toBeNull();
    expect(asked.filter((u) => u.includes('captcha') || u.endsWith('/auth/registration'))).toEqual([]);
  });

  it('a refusal after the captcha (429) brings the form back with the wait', async () => {
    let limited = false;
    const { user } = renderApp('/account/register', {
      handler: (url) => {
        if (url.endsWith('/auth/registration_limit'))
          return { body: limited ? LIMITED : { limited: false, retry_after: 0, message: null } };
        if (url.endsWith('/auth/generate_captcha')) return { body: captcha };
        if (url.endsWith('/auth/validate_captcha')) return { body: { ok: true } };
        if (url.endsWith('/auth/registration')) {
          limited = true;
          return { status: 429, body: { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: LIMITED.message } };
        }
        return undefined;
      },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    const grid = await screen.findByTestId('captcha');
    await user.click(within(grid).getByRole('button', { name: 'Проверить' }));
    expect(await screen.findByTestId('registration-limited')).toHaveTextContent('попробуйте через 50 минут');
    expect(screen.getByRole('button', { name: 'Зарегистрироваться' })).toBeDisabled();
  });
});

describe('/account/login in demo mode', () => {
  it('lists the demo accounts and fills the form from one', async () => {
    const { user } = renderApp('/account/login', {
      handler: (url) =>
        url.endsWith('/api/client_config')
          ? {
              body: {
                version: '0.1.0',
                demo: true,
                imageServerUrl: 'https://images.evetech.net',
                demoAccounts: [{ username: 'demo_fc', password: 'demo-fc-pass', role: 'fc' }],
              },
            }
          : undefined,
    });
    const list = await screen.findByTestId('demo-accounts');
    await user.click(within(list).getByRole('button', { name: 'ФК: demo_fc / demo-fc-pass' }));
    expect(screen.getByLabelText('Логин')).toHaveValue('demo_fc');
    expect(screen.getByLabelText('Пароль')).toHaveValue('demo-fc-pass');
    expect(screen.getByRole('button', { name: 'Войти' })).toBeEnabled();
  });

  it('shows no demo accounts outside demo mode', async () => {
    renderApp('/account/login');
    await screen.findByRole('button', { name: 'Войти' });
    expect(screen.queryByTestId('demo-accounts')).toBeNull();
  });
});

describe('/account/user/{name} for a guest', () => {
  it('invites to log in or register instead of a failure', async () => {
    renderApp('/account/user/pilot', {
      handler: (url) =>
        url.endsWith('/auth/user/pilot')
          ? { status: 401, body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Требуется вход' } }
          : undefined,
    });
    const box = await screen.findByTestId('profile-login');
    expect(box).toHaveTextContent('Профили пилотов видны после входа');
    expect(within(box).getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/account/login');
    expect(within(box).getByRole('link', { name: 'Регистрация' })).toHaveAttribute('href', '/account/register');
    expect(screen.queryByText('Не удалось получить данные пользователя.')).toBeNull();
  });

  it('says when there is no such user', async () => {
    renderApp('/account/user/nobody', {
      handler: (url) =>
        url.endsWith('/auth/user/nobody')
          ? { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Пользователь не найден' } }
          : undefined,
    });
    expect(await screen.findByText('Пользователь «nobody» не найден. Проверьте имя в адресе.')).toBeInTheDocument();
  });
});
