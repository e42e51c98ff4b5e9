-- Files the scan under way has seen, for the sweep at its end (scanner/README.md).
-- Stamping each unchanged track row with the generation instead rewrote wide rows
-- and their GIN indexes on every scan: warm rescans were ~20x slower.
create unlogged table scan_seen (
  gen  bigint not null,
  path text not null,
  primary key (gen, path)
);
alter table tracks drop column scan_gen;
