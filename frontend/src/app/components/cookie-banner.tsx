import { useEffect, useRef } from 'react';
import { useAtom } from 'jotai';
import { Button, Group, Text } from '@mantine/core';
import { cookieConsentAtom } from '../../shared/preferences.atoms';
import classes from './cookie-banner.module.css';

export const COOKIE_BANNER_TEXT =
  'Мы храним в cookie ваши настройки, например выбранный торговый хаб. Без согласия они забываются при закрытии вкладки.';

/**
 * Spec §2/§4: bottom left until 'Принять' or 'Отклонить'; the choice goes to `cookies_allow`.
 * Docked as a bar along the bottom edge whose height the page reserves (padding below the page,
 * scroll padding for focus and anchors), so it hides no control: everything can be scrolled above it.
 */
export function CookieBanner() {
  const [consent, setConsent] = useAtom(cookieConsentAtom);
  const ref = useRef<HTMLDivElement>(null);
  const shown = consent === null;

  useEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const { documentElement: root, body } = document;
    // The observer reports the height once the browser has laid the banner out (at once after
    // observe, and on every change): no layout forced in the middle of the app's start-up, as
    // reading getBoundingClientRect here did (a long task on a phone on every first visit).
    const observer = new ResizeObserver(([entry]) => {
      const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
      // The page ends above the banner, and focus or anchor scrolling keeps controls clear of it.
      // Set on <html> and <body> themselves: a custom property on <html> (inherited by every
      // element) restyled the whole page.
      root.style.scrollPaddingBottom = body.style.paddingBottom = `${Math.ceil(height)}px`;
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-bottom');
      body.style.removeProperty('padding-bottom');
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <div ref={ref} role="dialog" aria-label="Согласие на cookie" className={classes.banner} data-testid="cookie-banner">
      <div className={classes.inner}>
        <Text className={classes.text}>
          <b>Cookie.</b> {COOKIE_BANNER_TEXT}
        </Text>
        <Group gap="xs" wrap="nowrap" className={classes.actions}>
          <Button size="xs" onClick={() => setConsent('accepted')}>
            Принять
          </Button>
          <Button size="xs" variant="default" onClick={() => setConsent('declined')}>
            Отклонить
          </Button>
        </Group>
      </div>
    </div>
  );
}
