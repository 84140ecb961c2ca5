import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { NumberField, type NumberFieldProps } from './number-field';
import { plain } from '../../test/text';

/** A field whose parent keeps the value, as a form does; `seen` records every value handed out. */
function Harness(props: Omit<NumberFieldProps, 'value' | 'onChange'> & { initial: number | null; seen: (number | null)[] }) {
  const { initial, seen, ...rest } = props;
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <NumberField
        {...rest}
        value={value}
        onChange={(v) => {
          seen.push(v);
          setValue(v);
        }}
      />
      <output data-testid="value">{String(value)}</output>
      <button type="button" onClick={() => setValue(7)}>
        снаружи
      </button>
    </>
  );
}

function setup(props: Omit<NumberFieldProps, 'value' | 'onChange' | 'label'> & { initial: number | null }) {
  const seen: (number | null)[] = [];
  const user = userEvent.setup();
  render(
    <MantineProvider>
      <Harness label="Поле" {...props} seen={seen} />
      <button type="button">дальше</button>
    </MantineProvider>,
  );
  const input = screen.getByLabelText('Поле') as HTMLInputElement;
  const value = () => screen.getByTestId('value').textContent;
  const notice = () => screen.queryByTestId('number-field-notice')?.textContent ?? null;
  return { user, input, seen, value, notice };
}

describe('NumberField', () => {
  it('erase and type: select all, Backspace, 1 gives 1 (not 10), and the field stays empty while erased', async () => {
    const { user, input, value, notice } = setup({ initial: 0.25, decimals: 2, min: 0 });
    expect(input).toHaveValue('0,25');
    await user.tripleClick(input);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('');
    await user.keyboard('1');
    expect(input).toHaveValue('1');
    expect(value()).toBe('1');
    expect(notice()).toBeNull();
  });

  it('takes a decimal comma and a decimal point alike, and shows the comma once left', async () => {
    const { user, input, value } = setup({ initial: 0, decimals: 2, min: 0 });
    await user.clear(input);
    await user.type(input, '0,5');
    expect(value()).toBe('0.5');
    await user.clear(input);
    await user.type(input, '9.8');
    expect(value()).toBe('9.8');
    await user.tab();
    expect(input).toHaveValue('9,8');
  });

  it('groups thousands with spaces once left, and reads a grouped number back', async () => {
    const { user, input, value } = setup({ initial: 1, min: 1 });
    await user.clear(input);
    await user.type(input, '1234567');
    await user.tab();
    expect(plain(input.value)).toBe('1 234 567');
    await user.click(input);
    await user.keyboard('{End}{Backspace}8');
    expect(value()).toBe('1234568');
  });

  it.each([
    ['1 234,5', 1234.5, '1 234,5'],
    ['1,234.56', 1234.56, '1 234,56'],
    ['1\u00a0500,00 ISK', 1500, '1 500'],
    ['0,25 %', 0.25, '0,25'],
  ])('a paste of %p gives %p, shown %p', async (pasted, expected, shown) => {
    const { user, input, value, notice } = setup({ initial: 3, decimals: 2, min: 0 });
    await user.tripleClick(input);
    await user.paste(pasted);
    expect(value()).toBe(String(expected));
    await user.tab();
    expect(plain(input.value)).toBe(shown);
    expect(notice()).toBeNull();
  });

  it('above the maximum: ME 15 is shown as 10 at once, with the reason, never a silent 1', async () => {
    const { user, input, value, notice, seen } = setup({ initial: 0, min: 0, max: 10 });
    await user.clear(input);
    await user.type(input, '15');
    expect(input).toHaveValue('10');
    expect(value()).toBe('10');
    expect(notice()).toBe('Не больше 10: вместо 15 взято 10');
    expect(seen).toEqual([1, 10]);
  });

  it('below the minimum: what is typed stays while typing, the notice says what counts, the field shows it once left', async () => {
    const { user, input, value, notice } = setup({ initial: 50, min: 10, max: 100 });
    await user.clear(input);
    await user.type(input, '5');
    expect(input).toHaveValue('5');
    expect(value()).toBe('10');
    expect(notice()).toBe('Не меньше 10: вместо 5 взято 10');
    await user.type(input, '5');
    expect(value()).toBe('55');
    expect(notice()).toBeNull();
    await user.clear(input);
    await user.type(input, '3');
    await user.tab();
    expect(input).toHaveValue('10');
    expect(notice()).toBe('Не меньше 10: вместо 3 взято 10');
  });

  it('whole numbers only: 2,6 becomes 3 with a notice', async () => {
    const whole = setup({ initial: 1, min: 0, max: 20 });
    await whole.user.clear(whole.input);
    await whole.user.type(whole.input, '2,6');
    expect(whole.value()).toBe('3');
    expect(whole.notice()).toBe('Только целое число: вместо 2,6 взято 3');
    await whole.user.tab();
    expect(whole.input).toHaveValue('3');
  });

  it('rounds to the allowed decimals with a notice', async () => {
    const { user, input, value, notice } = setup({ initial: 1, decimals: 2, min: 0 });
    await user.clear(input);
    await user.type(input, '0,255');
    expect(value()).toBe('0.26');
    expect(notice()).toBe('Не больше 2 знаков после запятой: взято 0,26');
  });

  it('something that is not a number keeps the value in effect and says so', async () => {
    const { user, input, value, notice, seen } = setup({ initial: 4, min: 0 });
    await user.tripleClick(input);
    await user.paste('четыре');
    expect(value()).toBe('4');
    expect(notice()).toBe('Это не число: остаётся 4');
    await user.tab();
    expect(input).toHaveValue('4');
    expect(seen).toEqual([]);
  });

  it('an emptied field stands for the minimum once left, and says so; with allowEmpty it gives null', async () => {
    const required = setup({ initial: 5, min: 1 });
    await required.user.clear(required.input);
    expect(required.value()).toBe('1');
    await required.user.tab();
    expect(required.input).toHaveValue('1');
    expect(required.notice()).toBe('Поле не может быть пустым: взято 1');
  });

  it('allowEmpty: an emptied field gives null and stays empty', async () => {
    const { user, input, value, notice } = setup({ initial: 5, min: 0, allowEmpty: true });
    await user.clear(input);
    await user.tab();
    expect(value()).toBe('null');
    expect(input).toHaveValue('');
    expect(notice()).toBeNull();
  });

  it('ArrowUp and ArrowDown step within the range', async () => {
    const { user, input, value } = setup({ initial: 18, min: 0, max: 20, step: 2 });
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(value()).toBe('20');
    await user.keyboard('{ArrowUp}');
    expect(value()).toBe('20');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('16');
  });

  it('a value set from outside (a form reset) replaces the text and clears the notice', async () => {
    const { user, input, notice } = setup({ initial: 0, min: 0, max: 10 });
    await user.clear(input);
    await user.type(input, '99');
    expect(notice()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'снаружи' }));
    expect(input).toHaveValue('7');
    expect(notice()).toBeNull();
  });

  it('works as a react-hook-form field: the submitted values are the allowed numbers', async () => {
    const schema = z.object({ me: z.number().int().min(0).max(10), tax: z.number().min(0) });
    type Values = z.infer<typeof schema>;
    const submitted: Values[] = [];
    function Form() {
      const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { me: 0, tax: 0.25 } });
      return (
        <form onSubmit={form.handleSubmit((v) => void submitted.push(v))}>
          <Controller
            control={form.control}
            name="me"
            render={({ field }) => <NumberField label="ME" min={0} max={10} {...field} />}
          />
          <Controller
            control={form.control}
            name="tax"
            render={({ field }) => <NumberField label="Налог, %" min={0} decimals={2} {...field} />}
          />
          <button type="submit">Рассчитать</button>
        </form>
      );
    }
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <Form />
      </MantineProvider>,
    );
    await user.clear(screen.getByLabelText('ME'));
    await user.type(screen.getByLabelText('ME'), '15');
    await user.tripleClick(screen.getByLabelText('Налог, %'));
    await user.keyboard('{Backspace}1,5');
    await user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    expect(submitted).toEqual([{ me: 10, tax: 1.5 }]);
  });
});
