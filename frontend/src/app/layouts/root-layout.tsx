import { memo, Suspense, useEffect, useMemo } from 'react';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router-dom';
import { Anchor, Box, Burger, Container, Divider, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { hasAnyRole, useSession } from '../../shared/session';
import { HydrationGate } from '../../shared/ui/hydration-gate';
import { LiveAnnouncer } from '../../shared/ui/live-announcer';
import { LoadingView } from '../../shared/ui/loading-view';
import { AuthWidget } from '../components/auth-widget';
import { CookieBanner } from '../components/cookie-banner';
import { DemoBadge } from '../components/demo-badge';
import { MarketSearchButton } from '../components/market-search-button';
import { Logo } from '../components/logo';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { ThemeToggle } from '../components/theme-toggle';
import { isActivePath, NEWS_LINK, TOP_MENU, type MenuItem } from '../navigation';
import { usePageLoading } from '../page-loading';
import { CONTENT_MAX_WIDTH } from '../theme';
import classes from '../components/header.module.css';

/** The menu this session sees, News first: the same array until the session changes. */
function useVisibleMenu(): MenuItem[] {
  const { data } = useSession();
  return useMemo(() => [NEWS_LINK, ...TOP_MENU.filter((item) => !item.roles || hasAnyRole(data, item.roles))], [data]);
}

/*
 * The header's and footer's parts are memoised: the layout renders again when the session or
 * client config arrives and while a page chunk loads, and with them every link of the header
 * and footer (react-router's NavLink is not cheap): a long task on a phone while a page starts.
 */

const MainNav = memo(function MainNav({ items, pathname }: { items: MenuItem[]; pathname: string }) {
  return (
    <nav className={classes.nav} aria-label="Главное меню">
      <Group gap={2} visibleFrom="lg" wrap="nowrap">
        {items.map((item) => (
          <RouterNavLink
            key={item.to}
            to={item.to}
            className={classes.link}
            data-active={isActivePath(pathname, item.match ?? item.to) || (item === NEWS_LINK && pathname === '/') || undefined}
          >
            {item.label}
          </RouterNavLink>
        ))}
      </Group>
    </nav>
  );
});

const HeaderActions = memo(function HeaderActions() {
  return (
    <div className={classes.right}>
      <DemoBadge />
      <MarketSearchButton />
      <ThemeToggle />
      <Box visibleFrom="xs">
        <AuthWidget />
      </Box>
    </div>
  );
});

const MemoLogo = memo(Logo);

export function RootLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const loading = usePageLoading();
  const all = useVisibleMenu();

  useEffect(close, [pathname, close]);

  // A plain header + main (Mantine's AppShell, with its resizable panels, weighed ~7 KB of every
  // first load for a fixed header and a phone menu).
  return (
    <div className={classes.shell}>
      {/* The first stop of the Tab key: past the header's links straight to the page. */}
      <a
        href="#main-content"
        className={classes.skipLink}
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Перейти к содержимому
      </a>
      <header className={classes.header}>
        {loading && <div className={classes.progress} role="progressbar" aria-label="Загрузка страницы" />}
        <div className={classes.inner}>
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="lg"
            size="sm"
            color="white"
            aria-label={opened ? 'Закрыть меню' : 'Открыть меню'}
            aria-expanded={opened}
            aria-controls="mobile-menu"
          />
          <MemoLogo />
          <MainNav items={all} pathname={pathname} />
          <HeaderActions />
        </div>
      </header>

      {opened && (
        <nav id="mobile-menu" className={classes.mobileNav} aria-label="Мобильное меню">
          {all.map((item) => (
            <RouterNavLink
              key={item.to}
              to={item.to}
              className={classes.drawerLink}
              data-active={isActivePath(pathname, item.match ?? item.to) || undefined}
              onClick={close}
            >
              {item.label}
            </RouterNavLink>
          ))}
          <Divider my="sm" />
          <Box hiddenFrom="xs">
            <AuthWidget onNavigate={close} placement="drawer" />
          </Box>
        </nav>
      )}

      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Box className="page-background">
          <Container
            size={CONTENT_MAX_WIDTH}
            px={{ base: 'md', sm: 'lg' }}
            py={{ base: 'lg', sm: 'xl' }}
            // At least the screen under the header: the footer starts below the fold and is not
            // pushed down on screen as the page's content arrives (a layout shift on every page).
            mih="calc(100vh - 64px)"
          >
            {/* A page that fails (its chunk did not load, or it crashed) shows why, under the header. */}
            <RouteErrorBoundary resetKey={pathname}>
              <Suspense fallback={<LoadingView fullScreen={false} />}>
                {/* React hydrates a Suspense boundary in a pass after the rest: the page's controls
                    stay disabled until that pass, not only until the header's (app.tsx's gate). */}
                <HydrationGate>
                  <Outlet />
                </HydrationGate>
              </Suspense>
            </RouteErrorBoundary>
          </Container>
          <Footer />
        </Box>
      </main>
      <LiveAnnouncer />
      <CookieBanner />
    </div>
  );
}

const Footer = memo(function Footer() {
  return (
    <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--app-border)' }}>
      <Container size={CONTENT_MAX_WIDTH} px={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            EVE Toolkit · фанатский проект. EVE Online и логотип EVE — товарные знаки CCP hf.
          </Text>
          <Group gap="md">
            <Anchor component={RouterNavLink} to="/about" size="xs" c="dimmed">
              О проекте
            </Anchor>
            <Anchor component={RouterNavLink} to="/about/debug" size="xs" c="dimmed">
              Обратная связь
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
});
