import { randomBytes } from 'node:crypto';
import { titleHash, type NamedCover } from '../catalogue/module.js';
import type { Methods } from './call.js';
import { invalid, notFound } from './errors.js';
import type { Params } from './params.js';
import { radioStore, type StationFields, type StationRow } from './radio.sql.js';
import { requireAdmin } from './users.js';

/** More than any server lists, few enough for one answer and one screen. */
export const MAX_STATIONS = 500;
const MAX_NAME = 200;
const MAX_URL = 2048;
/** What a non-administrator is refused (error 50). */
const CHANGE = 'change radio stations';

/** A station's address as given: an absolute http or https URL, or null when it is not one. */
export function stationUrl(raw: string): string | null {
  const text = raw.trim();
  if (text.length > MAX_URL) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  return url.href;
}

const urlParam = (name: string, raw: string): string => {
  const url = stationUrl(raw);
  if (!url) throw invalid(name, 'expected an http or https address');
  return url;
};

/**
 * `name`, `streamUrl` and `homepageUrl` (optional; empty leaves it out) of a create or update. The
 * parameter is spelt `homepageUrl` (the answers' field is `homePageUrl`, which some clients send too).
 */
function stationFields(params: Params): StationFields {
  const streamUrl = urlParam('streamUrl', params.required('streamUrl'));
  const name = params.required('name').trim();
  if (name === '') throw invalid('name', 'expected a name');
  if (name.length > MAX_NAME) throw invalid('name', `at most ${MAX_NAME} characters`);
  const home = (params.get('homepageUrl') ?? params.get('homePageUrl'))?.trim() ?? '';
  return { name, streamUrl, homePageUrl: home === '' ? null : urlParam('homepageUrl', home) };
}

/** What a station's generated cover shows: its name under "Radio", in colours of its own. */
export const stationCover = (s: Pick<StationRow, 'id' | 'name'>): NamedCover => ({ seed: `radio-${s.id}`, title: s.name, label: 'Radio' });

/** The part of a station's cover address that changes with its name (so each address keeps one image). */
export const stationCoverKey = (s: Pick<StationRow, 'name'>): string => titleHash(s.name);

/** A station's cover id in Subsonic's `coverArt` (getCoverArt reads it back with STATION_COVER). */
export const stationCoverId = (s: Pick<StationRow, 'id' | 'name'>): string => `ra-${s.id}-${stationCoverKey(s)}`;
export const STATION_COVER = /^ra-([0-9a-f]{1,64})-([0-9a-f]{8})$/;

/** A station as Subsonic's InternetRadioStation (OpenSubsonic adds `coverArt`). */
export const stationShape = (s: StationRow) => ({
  id: s.id,
  name: s.name,
  streamUrl: s.stream_url,
  ...(s.home_page_url ? { homePageUrl: s.home_page_url } : {}),
  coverArt: stationCoverId(s),
});

/**
 * Internet radio (Subsonic 1.9.0, changes 1.16.0): the server's stations, the
 * same for every account, by name. Anyone signed in lists them; administrators
 * add, change and remove them.
 */
export const radioMethods: Methods = {
  async getInternetRadioStations({ db }) {
    const stations = await radioStore(db).list();
    return { internetRadioStations: { internetRadioStation: stations.map(stationShape) } };
  },

  async createInternetRadioStation(call) {
    const { params, db, now } = call;
    await requireAdmin(call, CHANGE);
    const fields = stationFields(params);
    const id = randomBytes(8).toString('hex');
    if (!(await radioStore(db).create(id, fields, new Date(now()), MAX_STATIONS))) {
      throw invalid('streamUrl', `at most ${MAX_STATIONS} stations: delete one first`);
    }
    return {};
  },

  async updateInternetRadioStation(call) {
    const { params, db, now } = call;
    await requireAdmin(call, CHANGE);
    const id = params.required('id');
    const fields = stationFields(params);
    if (!(await radioStore(db).update(id, fields, new Date(now())))) throw notFound('Radio station');
    return {};
  },

  async deleteInternetRadioStation(call) {
    const { params, db } = call;
    await requireAdmin(call, CHANGE);
    const id = params.required('id');
    if (!(await radioStore(db).remove(id))) throw notFound('Radio station');
    return {};
  },
};
