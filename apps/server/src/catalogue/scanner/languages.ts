/**
 * LANGUAGE / TLAN tags hold ISO 639 codes ("eng", "en", "fre"/"fra"); the
 * catalogue API speaks lowercase English names ("english"), catalogue-api.md §3.2.
 */
const NAMES: Record<string, readonly string[]> = {
  arabic: ['ar', 'ara'],
  assamese: ['as', 'asm'],
  bengali: ['bn', 'ben'],
  bhojpuri: ['bho'],
  bulgarian: ['bg', 'bul'],
  catalan: ['ca', 'cat'],
  chinese: ['zh', 'chi', 'zho'],
  croatian: ['hr', 'hrv'],
  czech: ['cs', 'cze', 'ces'],
  danish: ['da', 'dan'],
  dutch: ['nl', 'dut', 'nld'],
  english: ['en', 'eng'],
  estonian: ['et', 'est'],
  finnish: ['fi', 'fin'],
  french: ['fr', 'fre', 'fra'],
  german: ['de', 'ger', 'deu'],
  greek: ['el', 'gre', 'ell'],
  gujarati: ['gu', 'guj'],
  haryanvi: ['bgc'],
  hebrew: ['he', 'heb'],
  hindi: ['hi', 'hin'],
  hungarian: ['hu', 'hun'],
  icelandic: ['is', 'ice', 'isl'],
  indonesian: ['id', 'ind'],
  irish: ['ga', 'gle'],
  italian: ['it', 'ita'],
  japanese: ['ja', 'jpn'],
  kannada: ['kn', 'kan'],
  korean: ['ko', 'kor'],
  latin: ['la', 'lat'],
  malay: ['ms', 'may', 'msa'],
  malayalam: ['ml', 'mal'],
  marathi: ['mr', 'mar'],
  nepali: ['ne', 'nep'],
  norwegian: ['no', 'nor', 'nb', 'nob', 'nn', 'nno'],
  odia: ['or', 'ori'],
  persian: ['fa', 'per', 'fas'],
  polish: ['pl', 'pol'],
  portuguese: ['pt', 'por'],
  punjabi: ['pa', 'pan'],
  rajasthani: ['raj'],
  romanian: ['ro', 'rum', 'ron'],
  russian: ['ru', 'rus'],
  serbian: ['sr', 'srp'],
  slovak: ['sk', 'slo', 'slk'],
  spanish: ['es', 'spa'],
  swahili: ['sw', 'swa'],
  swedish: ['sv', 'swe'],
  tamil: ['ta', 'tam'],
  telugu: ['te', 'tel'],
  thai: ['th', 'tha'],
  turkish: ['tr', 'tur'],
  ukrainian: ['uk', 'ukr'],
  urdu: ['ur', 'urd'],
  vietnamese: ['vi', 'vie'],
  welsh: ['cy', 'wel', 'cym'],
};

const BY_CODE = new Map<string, string>(
  Object.entries(NAMES).flatMap(([name, codes]) => codes.map((c) => [c, name] as const)),
);
const KNOWN_NAMES = new Set(Object.keys(NAMES));
// "undetermined", "no linguistic content", "multiple", "uncoded"
const NO_LANGUAGE = new Set(['und', 'zxx', 'mul', 'mis', 'xxx']);

/** Lowercase English name of the tag's first language, or '' when there is none. */
export function languageName(tag: string | undefined | null): string {
  const first = (tag ?? '').split(/[;,/\0]/)[0]!.trim().toLowerCase();
  if (first === '' || NO_LANGUAGE.has(first)) return '';
  // "en-US", "pt_BR": the language subtag decides.
  const code = first.split(/[-_]/)[0]!;
  const byCode = BY_CODE.get(code);
  if (byCode) return byCode;
  if (KNOWN_NAMES.has(first)) return first;
  // An unknown code says nothing a listener can read; an unknown name is kept as written.
  return /^[a-z]{2,3}$/.test(first) || !/^\p{L}[\p{L} ]*$/u.test(first) ? '' : first;
}
