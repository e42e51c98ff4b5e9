-- A first scan (an empty catalogue) writes its songs without the upkeep the catalogue's triggers
-- do statement by statement (search words and their counts, album figures, genres and tag facts,
-- stale notes), then does it once, set-based, at its end (src/catalogue/scanner/deferred-upkeep.ts).
-- True from the first write of such a scan until that pass is done: a server stopped in between
-- does the pass at its next scan.
alter table scan_state add column upkeep_deferred boolean not null default false;
