-- An album gain from tags may come without a peak: Opus R128 gains never carry
-- one, nor do ReplayGain album gains written without REPLAYGAIN_ALBUM_PEAK.
-- The gain still applies; the player then limits by the track's peak, if any.
alter table album_loudness alter column peak drop not null;
