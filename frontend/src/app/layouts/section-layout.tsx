import type { ReactNode } from 'react';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router-dom';
import { Box, Button, Flex, Paper, Text } from '@mantine/core';
import { isActivePath, type SideMenuItem } from '../navigation';
import classes from './section-layout.module.css';

function isItemActive(pathname: string, item: SideMenuItem): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return isActivePath(clean, item.to) || (item.alsoActive ?? []).includes(clean);
}

export interface SectionLayoutProps {
  title: string;
  menuLabel: string;
  items: readonly SideMenuItem[];
  /** Rendered instead of the Outlet (e.g. an access gate), keeping the side menu. */
  children?: ReactNode;
}

/** Side menu (vertical on desktop, scrollable chips on phones) + the section's page. */
export function SectionLayout({ title, menuLabel, items, children }: SectionLayoutProps) {
  const { pathname } = useLocation();
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} gap={{ base: 'md', sm: 'xl' }} align="flex-start">
      <Box component="aside" w={{ base: '100%', sm: 230 }} style={{ flexShrink: 0 }}>
        <Paper withBorder radius="lg" p="xs" visibleFrom="sm" component="nav" aria-label={menuLabel}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={6} pb={8} lts={0.6}>
            {title}
          </Text>
          {items.map((item) => (
            <RouterNavLink
              key={item.to}
              to={item.to}
              className={classes.link}
              data-active={isItemActive(pathname, item) || undefined}
              aria-current={isItemActive(pathname, item) ? 'page' : undefined}
            >
              {item.label}
            </RouterNavLink>
          ))}
        </Paper>
        {/* A plain scrolling row (Mantine's ScrollArea would bring floating-ui into every first load). */}
        <Box component="nav" hiddenFrom="sm" aria-label={`${menuLabel} (мобильное)`} className={classes.chips}>
          <Flex gap={6} wrap="nowrap" pb={4}>
            {items.map((item) => (
              <Button
                key={item.to}
                component={RouterNavLink}
                to={item.to}
                size="xs"
                radius="xl"
                variant={isItemActive(pathname, item) ? 'filled' : 'default'}
                style={{ flexShrink: 0 }}
              >
                {item.label}
              </Button>
            ))}
          </Flex>
        </Box>
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }} w="100%">
        {children ?? <Outlet />}
      </Box>
    </Flex>
  );
}
