import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { captureInstallPrompt } from './app/shell/install-prompt.js';
import { startPlayer } from './features/player/player-runtime.js';
import { createCatalogueClient } from './shared/lib/catalogue-client.js';
import { loadClientConfig } from './shared/lib/client-config.js';
import { createQueryClient } from './shared/lib/query-client.js';
import './styles.css';

captureInstallPrompt();

// /config.json is preloaded by index.html, so this resolves about when the scripts do.
const config = await loadClientConfig();
const catalogue = createCatalogueClient(config.catalogueHosts);
startPlayer();
createRoot(document.getElementById('root')!).render(<App config={config} catalogue={catalogue} queryClient={createQueryClient()} />);
