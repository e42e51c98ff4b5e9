import { captureInstallPrompt } from './app/shell/install-prompt.js';
import { loadClientConfig } from './shared/lib/client-config.js';
import './styles.css';

captureInstallPrompt();

// /config.json was requested with the scripts. Start-up runs in steps (React,
// then the app), each its own task, so the page stays responsive while the
// static shell from index.html is on screen.
const config = loadClientConfig();
const reactDom = import('react-dom/client');
const app = import('./boot.js');
const { createRoot } = await reactDom;
await new Promise((resolve) => setTimeout(resolve, 0));
const { boot } = await app;
await boot(await config, createRoot(document.getElementById('root')!));
