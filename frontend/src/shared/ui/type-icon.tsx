import type { SyntheticEvent } from 'react';
import classes from './type-icon.module.css';

/** An image that could not load is marked; the stylesheet then shows the placeholder. */
const markBroken = (img: HTMLImageElement) => img.setAttribute('data-broken', '');
const onError = (e: SyntheticEvent<HTMLImageElement>) => markBroken(e.currentTarget);
/**
 * An image in server-rendered HTML may fail before the page hydrates, while React does not listen
 * yet (the error does not fire again): a finished request without a picture is a failure. A lazy
 * image not yet asked for is not complete.
 */
const checkBroken = (img: HTMLImageElement | null) => {
  if (img?.complete && img.naturalWidth === 0) markBroken(img);
};

/**
 * A type's icon from the image server; a neutral «?» placeholder when there is none or it cannot
 * load (offline, unknown type). The failure is drawn by the stylesheet, not by a render: a list of
 * seventy icons failing at once (the image server unreachable) costs no React work.
 */
export function TypeIcon({ src, size = 32 }: { src: string | null; size?: number }) {
  return (
    <span className={classes.box} style={{ width: size, height: size, fontSize: size / 2.5 }} aria-hidden data-testid="type-icon">
      {/* A new address is a new element: a mark left by the old one does not hide it. */}
      {src && <img key={src} ref={checkBroken} src={src} width={size} height={size} alt="" loading="lazy" onError={onError} />}
    </span>
  );
}
