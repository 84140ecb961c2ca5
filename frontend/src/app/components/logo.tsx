import { Link } from 'react-router-dom';
import classes from './header.module.css';

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" className={classes.logo} onClick={onClick} aria-label="EVE Toolkit — на главную">
      <img src="/favicon.svg" width={34} height={34} alt="" />
      <span className={classes.logoText}>
        EVE <span className={classes.logoAccent}>Toolkit</span>
      </span>
    </Link>
  );
}
