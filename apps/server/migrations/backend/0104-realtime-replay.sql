-- Every event that crosses instances is kept here for a few minutes, with the instance
-- that published it, so an instance whose LISTEN connection was lost replays what it
-- missed when it listens again (no event is silently lost during a database outage).
alter table realtime_events add column origin text not null default '';
