import { useStoredChoice } from '../../shared/lib/use-stored-choice.js';
import { HintedSelect } from '../../shared/ui/hinted-select.js';
import { DOWNLOAD_QUALITIES, readDownloadQuality, writeDownloadQuality, type DownloadQuality } from './download-quality.js';

const OPTIONS = DOWNLOAD_QUALITIES.map((q) => ({ value: q.quality, label: q.label, hint: q.hint }));

/** Profile's "Download quality": what "Make available offline" fetches from now on. */
export function DownloadQualitySelect() {
  const [quality, choose] = useStoredChoice<DownloadQuality>(readDownloadQuality, writeDownloadQuality);
  return <HintedSelect label="Download quality" value={quality} options={OPTIONS} onChange={choose} />;
}
