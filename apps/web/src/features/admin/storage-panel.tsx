import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { describeFailure } from '../../shared/lib/backend.js';
import { Spinner } from '../../shared/ui/spinner.js';
import { adminKey, useAdminApi } from './admin-api.js';
import { Card, dangerButton, Fact } from './admin-ui.js';
import { formatBytes } from './format.js';
import { FailureAlert } from './failure-alert.js';

const storageKey = [...adminKey, 'storage'] as const;
const queueKey = [...adminKey, 'video-queue'] as const;

const files = (n: number) => (n === 1 ? '1 file' : `${n} files`);

/** Admin › Transcoding and storage: ffmpeg found or not, the cache per tier (Clear cache), the video-preview queue. */
export function StoragePanel() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const storage = useQuery({ queryKey: storageKey, queryFn: async () => (await api()).storage() });
  const queue = useQuery({ queryKey: queueKey, queryFn: async () => (await api()).videoQueue(), refetchInterval: 5_000 });
  const clear = useMutation({
    mutationFn: async () => (await api()).clearCache(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storageKey }),
  });
  const s = storage.data;
  return (
    <>
      <Card title="Transcoding">
        {storage.isPending && <Spinner className="mt-4 size-5" label="Loading" />}
        {storage.isError && <p className="mt-3 text-sm">{`Couldn't load the storage: ${describeFailure(storage.error).message}`}</p>}
        {s && (
          <dl className="mt-2">
            <Fact label="ffmpeg">{s.ffmpeg ?? 'Not found: songs are sent as they are, with no other quality, and no video previews'}</Fact>
            <Fact label="ffprobe">{s.ffprobe ?? 'Not found'}</Fact>
          </dl>
        )}
      </Card>
      <Card
        title="Cache"
        actions={
          <button type="button" className={dangerButton} disabled={clear.isPending || !s} onClick={() => clear.mutate()}>
            Clear cache
          </button>
        }
      >
        {s && (
          <dl className="mt-2">
            {s.cache.tiers.length === 0 && <Fact label="Audio">Empty</Fact>}
            {s.cache.tiers.map((t) => (
              <Fact key={t.kbps} label={`${t.kbps} kbps`}>{`${files(t.files)} · ${formatBytes(t.bytes)}`}</Fact>
            ))}
            <Fact label="Covers">{`${files(s.cache.images.files)} · ${formatBytes(s.cache.images.bytes)}`}</Fact>
          </dl>
        )}
        {clear.data && (
          <p role="status" className="mt-2 text-sm text-green-300">
            {`Cleared ${files(clear.data.files)} (${formatBytes(clear.data.bytes)}). They are made again when asked for.`}
          </p>
        )}
        <FailureAlert error={clear.error} />
      </Card>
      <Card title="Video previews">
        {queue.data && (
          <dl className="mt-2">
            <Fact label="Queued">{queue.data.queued}</Fact>
            <Fact label="Rendering">{queue.data.rendering}</Fact>
            <Fact label="Done">{queue.data.done}</Fact>
            <Fact label="Failed">{queue.data.failed}</Fact>
            <Fact label="Renderer">{queue.data.worker ? 'On' : 'Off on this server (VIDEO_WORKER=off)'}</Fact>
          </dl>
        )}
      </Card>
    </>
  );
}
