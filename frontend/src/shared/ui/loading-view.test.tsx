import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { LOADING_MESSAGES, pickLoadingMessage } from './loading-messages';
import { LoadingView } from './loading-view';

describe('loading view', () => {
  it('has about 18 distinct Russian messages', () => {
    expect(LOADING_MESSAGES).toHaveLength(18);
    expect(new Set(LOADING_MESSAGES).size).toBe(18);
    expect(LOADING_MESSAGES).toContain('Прогреваем варп-двигатели…');
    expect(LOADING_MESSAGES).toContain('Договариваемся с CONCORD…');
  });

  it.each([
    [0, 0],
    [0.5, 9],
    [0.9999, 17],
    [1, 17],
  ])('random %p picks message #%p', (random, index) => {
    expect(pickLoadingMessage(() => random)).toBe(LOADING_MESSAGES[index]);
  });

  it('shows exactly one of the messages', () => {
    const spy = jest.spyOn(Math, 'random').mockReturnValue(0.06);
    try {
      render(
        <MantineProvider env="test">
          <LoadingView />
        </MantineProvider>,
      );
    } finally {
      spy.mockRestore();
    }
    expect(screen.getByRole('status')).toHaveTextContent(LOADING_MESSAGES[1]);
    const shown = LOADING_MESSAGES.filter((m) => screen.queryByText(m));
    expect(shown).toEqual([LOADING_MESSAGES[1]]);
  });
});
