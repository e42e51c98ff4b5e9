import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { describeFailure } from '../../shared/lib/backend.js';
import { Spinner } from '../../shared/ui/spinner.js';
import { adminKey, scanFailuresKey, useAdminApi, type ScanReport } from './admin-api.js';
import { Card, Fact, smallButton } from './admin-ui.js';
import { LibrariesCard } from './libraries-card.js';
import { ago, scanRate } from './format.js';
import { FailureAlert } from './failure-alert.js';

const statusKey = [...adminKey, 'scan-status'] as const;
/** How often the status is asked for: every second while a scan runs, else every 5 seconds. */
const LIVE_MS = 1_000;
const IDLE_MS = 5_000;

function ReportFacts({ report }: { report: ScanReport }) {
  return (
    <dl className="mt-2">
      <Fact label="Files seen">{report.seen}</Fact>
      <Fact label="Added">{report.added}</Fact>
      <Fact label="Updated">{report.updated}</Fact>
      <Fact label="Removed">{report.removed}</Fact>
      <Fact label="Failed">{report.errors}</Fact>
      <Fact label="Rate">{scanRate(report.seen, report.durationMs) || '—'}</Fact>
    </dl>
  );
}

/** Admin › Library: the music folder's scan, live; the last scan's report and failed files; Rescan and Full rescan; who can listen to each library. */
export function LibraryPanel({ musicFolder }: { musicFolder?: string }) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: statusKey,
    queryFn: async () => (await api()).scanStatus(),
    refetchInterval: (q) => (q.state.data?.scanning ? LIVE_MS : IDLE_MS),
  });
  const failures = useQuery({ queryKey: scanFailuresKey(status.data?.lastScanAt ?? ''), queryFn: async () => (await api()).scanFailures(), enabled: !!status.data });
  const rescan = useMutation({
    mutationFn: async (full: boolean) => (await api()).rescan(full),
    // The scan's status as it started: "Scanning…" at once, then the live polling takes over.
    onSuccess: (started) => queryClient.setQueryData(statusKey, started),
  });
  const s = status.data;
  return (
    <>
      <Card
        title="Music folder"
        actions={
          <div className="flex gap-2">
            <button type="button" className={smallButton} disabled={rescan.isPending || s?.scanning} onClick={() => rescan.mutate(false)}>
              Rescan
            </button>
            <button type="button" className={smallButton} disabled={rescan.isPending || s?.scanning} onClick={() => rescan.mutate(true)}>
              Full rescan
            </button>
          </div>
        }
      >
        {status.isPending && <Spinner className="mt-4 size-5" label="Loading" />}
        {status.isError && <p className="mt-3 text-sm">{`Couldn't load the scan status: ${describeFailure(status.error).message}`}</p>}
        <FailureAlert error={rescan.error} />
        {s && (
          <dl className="mt-2">
            {musicFolder && <Fact label="Folder">{musicFolder}</Fact>}
            <Fact label="Scan">
              <span role="status">{s.scanning ? 'Scanning…' : 'Idle'}</span>
            </Fact>
            <Fact label="Songs">{s.tracks}</Fact>
            <Fact label="Albums">{s.albums}</Fact>
            <Fact label="Artists">{s.artists}</Fact>
            <Fact label="Last scan">{s.lastScanAt ? ago(s.lastScanAt, Date.now()) : 'Never'}</Fact>
            <Fact label="Watcher">
              {s.watch ? `Watching ${s.watch.folders} folders${s.watch.complete ? '' : ' (some could not be watched)'}` : 'Off'}
            </Fact>
          </dl>
        )}
      </Card>
      {s?.scanning && s.progress && (
        <Card title="Scan in progress">
          <ReportFacts report={s.progress} />
        </Card>
      )}
      {s?.lastReport && (
        <Card title="Last scan">
          <p className="mt-1 text-sm text-muted">
            {`${s.lastReport.full ? 'Full scan' : 'Quick scan'}${s.lastReport.complete ? '' : ', stopped before the end'}, ${Math.round(s.lastReport.durationMs / 1000)} s`}
          </p>
          <ReportFacts report={s.lastReport} />
          {failures.data && failures.data.length > 0 && (
            <>
              <h3 className="mt-3 text-sm font-semibold">Failed files</h3>
              <ul className="mt-1 text-xs" aria-label="Failed files">
                {failures.data.map((f) => (
                  <li key={f.path} className="border-b border-line/60 py-1 last:border-0">
                    <span className="font-medium break-all">{f.path}</span>
                    <span className="block text-muted">{f.message}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
      )}
      <LibrariesCard />
    </>
  );
}
