// Demo playlists for the demo library, so Search's Playlists tab, Home's
// playlist row and Library have something on day one. Each is an .m3u8 file in
// MUSIC_DIR/Playlists (the scanner turns .m3u/.m3u8 files into catalogue
// playlists); only songs present are listed, and a list with fewer than 3 is
// not written. Rewritten on every set-up (idempotent).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const W = 'wesnoth-1.16-music';
const S = 'singularity-music';

export const DEMO_PLAYLISTS = [
  {
    name: 'Battle Themes',
    songs: [`${W}/battle-epic.ogg`, `${W}/battle.ogg`, `${W}/frantic.ogg`, `${W}/siege_of_laurelmor.ogg`, `${W}/casualties_of_war.ogg`, `${W}/the_dangerous_symphony.ogg`, `${W}/weight_of_revenge.ogg`, `${W}/vengeful.ogg`, `${W}/breaking_the_chains.ogg`],
  },
  {
    name: 'Calm & Ambient',
    songs: [`${W}/elf-land.ogg`, `${W}/silvan_sanctuary.ogg`, `${W}/love_theme.ogg`, `${W}/nunc_dimittis.ogg`, `${S}/Chimes They Fade.ogg`, `${S}/Coherence.ogg`, `${S}/Awakening.ogg`, `${W}/traveling_minstrels.ogg`],
  },
  {
    name: 'Journeys',
    songs: [`${W}/journeys_end.ogg`, `${W}/northern_mountains.ogg`, `${W}/wanderer.ogg`, `${W}/legends_of_the_north.ogg`, `${S}/A New Journey.ogg`, `${S}/Through Space.ogg`, `${W}/return_to_wesnoth.ogg`],
  },
  {
    name: 'Electronic Focus',
    songs: [`${S}/Apex Aleph.ogg`, `${S}/Advanced Simulacra.ogg`, `${S}/Deprecation.ogg`, `${S}/Media Threat.ogg`, `${S}/Orbital Elevator.ogg`, `${S}/Inevitable.ogg`, `${S}/By-Product.ogg`, `${S}/Nebula.ogg`],
  },
];

/** Writes the demo playlists into `musicDir/Playlists`; returns the names written. */
export function writeDemoPlaylists(musicDir) {
  const dir = join(musicDir, 'Playlists');
  const written = [];
  for (const p of DEMO_PLAYLISTS) {
    const present = p.songs.filter((s) => existsSync(join(musicDir, s)));
    if (present.length < 3) continue;
    mkdirSync(dir, { recursive: true });
    const body = ['#EXTM3U', `#PLAYLIST:${p.name}`, ...present.map((s) => `../${s}`), ''].join('\n');
    writeFileSync(join(dir, `${p.name.replace(/[^A-Za-z0-9 -]+/g, '').replace(/\s+/g, ' ').trim()}.m3u8`), body);
    written.push(p.name);
  }
  return written;
}
