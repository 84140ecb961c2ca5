import { useState } from 'react';

/** A type's icon from the image server; a neutral placeholder when it cannot load (offline, unknown type). */
export function TypeIcon({ src, size = 32 }: { src: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size, flex: `0 0 ${size}px`, borderRadius: 4 } as const;
  if (failed || !src) {
    return (
      <span
        style={{
          ...box,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'var(--mantine-color-default-border)',
          fontSize: size / 2.5,
          color: 'var(--mantine-color-dimmed)',
        }}
        aria-hidden
      >
        ?
      </span>
    );
  }
  return <img src={src} width={size} height={size} style={box} alt="" loading="lazy" onError={() => setFailed(true)} />;
}
