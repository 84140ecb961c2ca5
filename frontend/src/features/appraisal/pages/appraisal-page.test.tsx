import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type AppraisalLine, type AppraisalResponse, type SavedAppraisal } from '@eve-toolkit/shared-types';
import { renderApp, type FetchHandler } from '../../../test/render-app';

const line = (over: Partial<AppraisalLine>): AppraisalLine => ({
  name: 'Tritanium',
  icon: 'https://images.example/types/34/icon?size=64',
  quantity: 2000,
  volume: 20,
  sell: 4.01,
  buy: 3.5,
  sell_quantity: 1000,
  buy_quantity: 500,
  type_id: 34,
  bpc: false,
  note: null,
  ...over,
});

const RESULT: AppraisalResponse = {
  data: [
    line({}),
    line({ name: 'Warrior II', type_id: 2488, quantity: 3, volume: 15, sell: 0, buy: 0, note: 'Нет ордеров в хабе: цена 0' }),
  ],
  errors: ['Строка 3: не удалось распознать «чепуха»', 'Строка 4: не удалось распознать «ещё чепуха»'],
  id: 'Ab3dEf7hIj',
  hub: 2,
  created_at: '2026-01-01T10:00:00.000Z',
};

function appraisalApi(
  calls: { url: string; body: unknown }[],
  reply: () => { status?: number; body: unknown } = () => ({ body: RESULT }),
): FetchHandler {
  return (url, init) => {
    if (!url.includes('/data/market/appraisal')) return undefined;
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return reply();
  };
}

const textBox = () => screen.getByPlaceholderText('Plex 1');

describe('/market/appraisal', () => {
  it('?data= fills the box (literal \\t and \\n become tab and newline); submit prices it: table, totals, errors', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const { user } = renderApp('/market/appraisal?data=Tritanium%5Ct2000%5CnWarrior%20II%5Ct3', { handler: appraisalApi(calls) });
    await waitFor(() => expect(textBox()).toHaveValue('Tritanium\t2000\nWarrior II\t3'));
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    expect(await screen.findByTestId('total-sell')).toHaveTextContent('Итог SELL: 8 020,00 ISK');
    expect(screen.getByTestId('total-buy')).toHaveTextContent('Итог BUY: 7 000,00 ISK');
    expect(calls).toEqual([
      { url: expect.stringContaining('/data/market/appraisal'), body: { appraisal: 'Tritanium\t2000\nWarrior II\t3', hub: 2 } },
    ]);
    const rows = within(screen.getByTestId('appraisal-table')).getAllByRole('row');
    expect(rows[0].textContent).toBe('ТипКоличествоОбъём, m³SELL за ед.BUY за ед.SELLBUY');
    expect(rows[1].textContent).toBe('Tritanium2 00020\u00a0м³4,013,508 020,007 000,00');
    expect(rows[2].textContent).toContain('Нет ордеров в хабе: цена 0');
    const errors = screen.getByTestId('appraisal-errors');
    expect(within(errors).getByText('Ошибки:')).toBeInTheDocument();
    expect(within(errors).getByText('Строка 3: не удалось распознать «чепуха»')).toBeInTheDocument();
    expect(within(errors).getByText('Строка 4: не удалось распознать «ещё чепуха»')).toBeInTheDocument();
  });

  it('a large result shows 100 rows a page with a pager; totals cover every line; a new result starts on page 1', async () => {
    const many: AppraisalResponse = {
      ...RESULT,
      errors: [],
      data: Array.from({ length: 250 }, (_, i) =>
        line({ name: `Предмет ${i + 1}`, type_id: 1000 + i, quantity: 1, sell: 2, buy: 1 }),
      ),
    };
    let answers = 0;
    const { user } = renderApp('/market/appraisal?data=x%20250', {
      handler: appraisalApi([], () => ({ body: { ...many, id: `Ab3dEf7hI${++answers}` } })),
    });
    await waitFor(() => expect(textBox()).toHaveValue('x 250'));
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    expect(await screen.findByTestId('total-sell')).toHaveTextContent('Итог SELL: 500,00 ISK');
    const bodyRows = () => within(screen.getByTestId('appraisal-table')).getAllByRole('row').slice(1);
    expect(bodyRows()).toHaveLength(100);
    expect(bodyRows()[0].textContent).toContain('Предмет 1');
    expect(screen.getByTestId('appraisal-rows')).toHaveTextContent('Строки 1–100 из 250');
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(bodyRows()).toHaveLength(50);
    expect(bodyRows()[0].textContent).toContain('Предмет 201');
    expect(bodyRows()[49].textContent).toContain('Предмет 250');
    expect(screen.getByTestId('appraisal-rows')).toHaveTextContent('Строки 201–250 из 250');
    // A new appraisal starts again on its first page.
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    await waitFor(() => expect(screen.getByTestId('appraisal-rows')).toHaveTextContent('Строки 1–100 из 250'));
    expect(answers).toBe(2);
  });

  it('fewer than 2 characters: nothing is sent and nothing is shown', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const { user } = renderApp('/market/appraisal', { handler: appraisalApi(calls) });
    fireEvent.change(await screen.findByPlaceholderText('Plex 1'), { target: { value: 'x' } });
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    fireEvent.change(textBox(), { target: { value: '   ' } });
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('appraisal-errors')).not.toBeInTheDocument();
  });

  it("first error 'Error in appraisal' shows the application error; a 500 too; a 413 shows the server's Russian text", async () => {
    let reply: () => { status?: number; body: unknown } = () => ({
      body: { ...RESULT, data: [], errors: ['Error in appraisal'] },
    });
    const { user } = renderApp('/market/appraisal', { handler: appraisalApi([], () => reply()) });
    fireEvent.change(await screen.findByPlaceholderText('Plex 1'), { target: { value: 'Plex 1' } });
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    expect(await screen.findByTestId('appraisal-app-error')).toHaveTextContent(MESSAGES.appError);

    reply = () => ({ status: 500, body: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка сервера' } });
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    await waitFor(() => expect(screen.getByTestId('appraisal-app-error')).toHaveTextContent(MESSAGES.appError));

    const tooLong = 'Слишком длинный текст: не больше 1 000 000 символов';
    reply = () => ({ status: 413, body: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: tooLong } });
    await user.click(screen.getByRole('button', { name: 'Оценить' }));
    await waitFor(() => expect(screen.getByTestId('appraisal-app-error')).toHaveTextContent(tooLong));
  });

  it('?id= opens a saved appraisal; the toggle shows today’s prices beside the saved ones', async () => {
    const saved: SavedAppraisal = { ...RESULT, id: 'Ab3dEf7hIj', errors: [], expires_at: '2026-04-01T10:00:00.000Z' };
    const calls: { url: string; body: unknown }[] = [];
    const { user } = renderApp('/market/appraisal?id=Ab3dEf7hIj', {
      handler: appraisalApi(calls, () =>
        calls[calls.length - 1].url.endsWith('?current=1')
          ? { body: { ...saved, current: [line({ sell: 5, buy: 4 }), saved.data[1]] } }
          : { body: saved },
      ),
    });
    expect(await screen.findByTestId('total-sell')).toHaveTextContent('Итог SELL: 8 020,00 ISK');
    expect(calls.map((c) => c.url.replace(/^.*\/data/, '/data'))).toEqual(['/data/market/appraisal/Ab3dEf7hIj']);
    await user.click(screen.getByRole('switch', { name: 'Показать текущие цены рядом' }));
    expect(await screen.findByTestId('current-totals')).toHaveTextContent('Итог SELL сейчас: 10 000,00 ISK');
    expect(screen.getByTestId('current-totals')).toHaveTextContent('Итог BUY сейчас: 8 000,00 ISK');
    expect(screen.getByTestId('total-sell')).toHaveTextContent('Итог SELL: 8 020,00 ISK');
  });
});
