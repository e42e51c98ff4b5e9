-- The sweep that ends rooms whose host left 10 minutes ago (rooms/host-gone-sweep.ts) reads the open rooms by when
-- their host was last seen.
create index rooms_open_host_seen on rooms (host_seen) where ended_at is null;
