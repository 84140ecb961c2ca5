import { useState } from 'react';
import classes from './market.module.css';

/** The type's icon from the image server; a neutral placeholder when it cannot load (offline, unknown type). */
export function ItemIcon({ src, size = 48 }: { src: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (failed || !src) {
    return (
      <span className={classes.placeholder} style={{ width: size, height: size }} data-testid="item-icon-placeholder" aria-hidden>
        ?
      </span>
    );
  }
  return (
    <img className={classes.icon} src={src} width={size} height={size} alt="" loading="lazy" onError={() => setFailed(true)} />
  );
}
