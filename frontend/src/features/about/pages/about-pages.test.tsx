import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, TEST_CSRF_TOKEN } from '../../../test/render-app';

const about = jest.requireActual<typeof import('../../../../public/about.json')>('../../../../public/about.json');

describe('/about', () => {
  it.each(['/about', '/about/readme'])('%s shows the description from about.json and opens the user agreement', async (path) => {
    const { user } = renderApp(path);
    expect(await screen.findByText(about.description)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'форма на странице «Обратная связь»' })).toHaveAttribute('href', '/about/debug');
    await user.click(screen.getByRole('button', { name: 'Пользовательское соглашение' }));
    const dialog = await screen.findByRole('dialog', { name: 'Пользовательское соглашение' });
    expect(within(dialog).getByRole('heading', { name: '1. О сервисе' })).toBeInTheDocument();
  });
});

describe('/about/debug feedback form', () => {
  it('shows the schema messages for an empty form and sends nothing', async () => {
    const { user, fetchMock } = renderApp('/about/debug');
    await user.click(await screen.findByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Введите заголовок')).toBeInTheDocument();
    expect(screen.getByText('Введите сообщение')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/post_debug');
  });

  it('posts {title, msg} and thanks the user', async () => {
    const sent: unknown[] = [];
    const { user } = renderApp('/about/debug', {
      handler: (url, init) => {
        if (url !== '/api/post_debug') return undefined;
        sent.push({
          method: init?.method,
          csrf: (init?.headers as Record<string, string>)['X-CSRF-Token'],
          body: JSON.parse(String(init?.body)),
        });
        return { body: { ok: true } };
      },
    });
    await user.type(await screen.findByLabelText(/Заголовок/), 'Неверная цена');
    await user.type(screen.getByLabelText(/Сообщение/), 'У Tritanium цена BUY выше SELL');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Большое спасибо за ваш отзыв!')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', csrf: TEST_CSRF_TOKEN, body: { title: 'Неверная цена', msg: 'У Tritanium цена BUY выше SELL' } },
    ]);
    await waitFor(() => expect(screen.getByLabelText(/Заголовок/)).toHaveValue(''));
  });

  it("shows the server's message on error", async () => {
    const { user } = renderApp('/about/debug', {
      handler: (url) =>
        url === '/api/post_debug'
          ? {
              status: 429,
              body: { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Слишком много запросов, попробуйте позже' },
            }
          : undefined,
    });
    await user.type(await screen.findByLabelText(/Заголовок/), 'Тема');
    await user.type(screen.getByLabelText(/Сообщение/), 'Текст');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Слишком много запросов, попробуйте позже')).toBeInTheDocument();
    expect(screen.queryByText('Большое спасибо за ваш отзыв!')).not.toBeInTheDocument();
  });
});
