import { act, screen } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { COOKIE_BANNER_TEXT } from './cookie-banner';

const banner = () => screen.queryByRole('dialog', { name: 'Согласие на cookie' });

describe('cookie-consent banner', () => {
  it('is shown until accepted, then hides and stores cookies_allow=accepted', async () => {
    const { user } = renderApp('/');
    expect(await screen.findByText(COOKIE_BANNER_TEXT)).toBeInTheDocument();
    expect(document.cookie).not.toContain('cookies_allow');
    await user.click(screen.getByRole('button', { name: 'Принять' }));
    expect(banner()).not.toBeInTheDocument();
    expect(document.cookie).toBe('cookies_allow=accepted');
  });

  it('hides after Отклонить and stores cookies_allow=declined', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Отклонить' }));
    expect(banner()).not.toBeInTheDocument();
    expect(document.cookie).toBe('cookies_allow=declined');
  });

  it('is not shown when the choice was already made', async () => {
    document.cookie = 'cookies_allow=declined; path=/';
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'EVE Toolkit' });
    expect(banner()).not.toBeInTheDocument();
  });

  it('re-reads the cookie every 300 ms (a choice made in another tab hides it)', async () => {
    jest.useFakeTimers();
    try {
      renderApp('/');
      expect(await screen.findByText(COOKIE_BANNER_TEXT)).toBeInTheDocument();
      document.cookie = 'cookies_allow=accepted; path=/';
      expect(banner()).toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(300);
      });
      expect(banner()).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
