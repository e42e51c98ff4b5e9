import { useMemo } from 'react';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useCatalogue, useClientConfig } from '../../shared/lib/catalogue-context.js';
import type { RoomContext } from './room-session.js';
import { roomsApi } from './rooms-api.js';

/** What a room session needs: the rooms API, realtime and the catalogue. */
export function useRoomContext(): RoomContext {
  const backend = useBackend();
  const catalogue = useCatalogue();
  const { backendEndpoint, projectId } = useClientConfig();
  return useMemo(() => ({ api: roomsApi(backendEndpoint, projectId), backend, catalogue }), [backend, catalogue, backendEndpoint, projectId]);
}
