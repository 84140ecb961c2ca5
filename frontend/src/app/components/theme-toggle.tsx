import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useHydrating } from '../../shared/hydration';

/**
 * Light/dark switch. Its icon follows the page's scheme through CSS (both are in the markup,
 * Mantine's global classes hide one), so a server-rendered header is right in either scheme
 * before any script runs; the label reads the scheme once the page has hydrated (the server
 * cannot know the browser's choice).
 */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  // The server knows no browser's choice and writes the light label: so does hydration.
  const scheme = useHydrating() ? 'light' : computed;
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? 'Включить тёмную тему' : 'Включить светлую тему';
  return (
    // Native title instead of Mantine's Tooltip (keeps floating-ui out of every first load).
    <ActionIcon
      title={label}
      variant="subtle"
      color="gray.0"
      size="lg"
      radius="xl"
      aria-label={label}
      data-scheme={scheme}
      onClick={() => setColorScheme(next)}
    >
      <svg
        className="mantine-light-hidden"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        aria-hidden
      >
        <circle cx="12" cy="12" r="4.2" />
        <path d="M12 2.5v2.2M12 19.3v2.2M4.6 4.6l1.6 1.6M17.8 17.8l1.6 1.6M2.5 12h2.2M19.3 12h2.2M4.6 19.4l1.6-1.6M17.8 6.2l1.6-1.6" />
      </svg>
      <svg
        className="mantine-dark-hidden"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
      >
        <path d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1z" />
      </svg>
    </ActionIcon>
  );
}
