import { useEffect, useRef } from 'react';
import { useAtom } from 'jotai';
import { Button, Group, Text } from '@mantine/core';
import { cookieConsentAtom } from '../../shared/preferences.atoms';
import classes from './cookie-banner.module.css';

export const COOKIE_BANNER_TEXT =
  'Мы храним в cookie ваши настройки, например выбранный торговый хаб. Без согласия они забываются при закрытии вкладки.';

/** The CSS variable (on <html>) that holds the banner's height while it is shown; global.css reserves it. */
export const COOKIE_BANNER_HEIGHT_VAR = '--cookie-banner-height';

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
    const root = document.documentElement;
    const reserve = () => root.style.setProperty(COOKIE_BANNER_HEIGHT_VAR, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty(COOKIE_BANNER_HEIGHT_VAR);
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
