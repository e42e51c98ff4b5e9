import type { UseQueryResult } from '@tanstack/react-query';
import { describeFailure } from '../../shared/lib/backend.js';
import { Spinner } from '../../shared/ui/spinner.js';
import type { ServerInfo } from './admin-api.js';
import { Card, Fact } from './admin-ui.js';
import { formatBytes, formatUptime } from './format.js';

const SIGN_UPS = { open: 'Open to anyone', invite: 'By invitation', closed: 'Closed' } as const;

/** Admin › Server: version, database engine, uptime, memory, realtime connections. */
export function ServerPanel({ info }: { info: UseQueryResult<ServerInfo> }) {
  const s = info.data;
  return (
    <Card title="Server">
      {info.isPending && <Spinner className="mt-4 size-5" label="Loading" />}
      {info.isError && <p className="mt-3 text-sm">{`Couldn't load the server's state: ${describeFailure(info.error).message}`}</p>}
      {s && (
        <dl className="mt-2">
          <Fact label="Version">{s.version}</Fact>
          <Fact label="Database">{s.database === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}</Fact>
          <Fact label="Uptime">{formatUptime(s.uptimeSeconds)}</Fact>
          <Fact label="Memory">{formatBytes(s.memory.rss)}</Fact>
          <Fact label="Realtime connections">{s.realtimeConnections}</Fact>
          <Fact label="Listening">{s.access === 'private' ? 'Signed-in accounts only' : 'Anyone'}</Fact>
          <Fact label="Sign-ups">{SIGN_UPS[s.signUps]}</Fact>
        </dl>
      )}
    </Card>
  );
}
