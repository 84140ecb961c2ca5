import type { ReactNode } from 'react';

const base = {
  width: 26,
  height: 26,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.7,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

export const FEATURE_ICONS: Record<string, ReactNode> = {
  market: (
    <svg {...base}>
      <path d="M3 3v18h18" />
      <path d="m7 14 4-4 3 3 6-6" />
      <path d="M16 7h4v4" />
    </svg>
  ),
  appraisal: (
    <svg {...base}>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 7h8M8 11h8M8 15h5" />
    </svg>
  ),
  loot: (
    <svg {...base}>
      <path d="M3 8l9-5 9 5-9 5-9-5z" />
      <path d="M3 8v8l9 5 9-5V8" />
      <path d="M12 13v8" />
    </svg>
  ),
  industry: (
    <svg {...base}>
      <path d="M3 21V10l6 4V10l6 4V6l6 3v12H3z" />
      <path d="M7 17h2M12 17h2M17 17h1" />
    </svg>
  ),
  planets: (
    <svg {...base}>
      <circle cx="12" cy="12" r="5" />
      <ellipse cx="12" cy="12" rx="10" ry="3.5" transform="rotate(-20 12 12)" />
    </svg>
  ),
  corp: (
    <svg {...base}>
      <circle cx="9" cy="8" r="3" />
      <circle cx="17" cy="9" r="2.3" />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
      <path d="M15 14.2c.6-.2 1.3-.2 2-.2 2.8 0 4 2 4 5" />
    </svg>
  ),
};
