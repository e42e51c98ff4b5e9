-- Internet radio (getInternetRadioStations and the calls that change them): the server's stations,
-- the same for every account, managed by administrators. Addresses are the stations' own (absolute).
create table subsonic_radio_stations (
  id            text primary key,
  name          text not null,
  stream_url    text not null,
  home_page_url text,
  created_at    timestamptz not null,
  changed_at    timestamptz not null
);
create index subsonic_radio_stations_by_name on subsonic_radio_stations (lower(name), id);
