// In the build: Mantine's global sheets only; each component's sheet comes with it (vite.config.ts).
import '@mantine/core/styles.layer.css';
import './app/global.css';
import { startApp } from './app/start';

void startApp(document.getElementById('root')!);
