/**
 * The client facts of the Session model (backend-api.md §3) from a User-Agent,
 * with the codes Appwrite's device detector uses. A small table of the
 * browsers and systems people actually use; anything else stays "".
 */
export interface ClientFacts {
  osCode: string;
  osName: string;
  osVersion: string;
  clientType: string;
  clientCode: string;
  clientName: string;
  clientVersion: string;
  clientEngine: string;
  clientEngineVersion: string;
  deviceName: string;
  deviceBrand: string;
  deviceModel: string;
}

const OSES: [RegExp, string, string][] = [
  [/Android (\d+(?:\.\d+)*)?/, 'AND', 'Android'],
  [/(?:iPhone|iPad|iPod).*? OS (\d+(?:_\d+)*)/, 'IOS', 'iOS'],
  [/Windows NT (\d+\.\d+)/, 'WIN', 'Windows'],
  [/Mac OS X (\d+(?:[._]\d+)*)/, 'MAC', 'Mac'],
  [/CrOS/, 'COS', 'Chrome OS'],
  [/Linux|X11/, 'LIN', 'GNU/Linux'],
];

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const CLIENTS: [RegExp, string, string, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+(?:\.\d+)?)/, 'PS', 'Microsoft Edge', 'Blink'],
  [/OPR\/(\d+(?:\.\d+)?)/, 'OP', 'Opera', 'Blink'],
  [/(?:Firefox|FxiOS)\/(\d+(?:\.\d+)?)/, 'FF', 'Firefox', 'Gecko'],
  [/(?:HeadlessChrome|Chrome|CriOS)\/(\d+(?:\.\d+)?)/, 'CH', 'Chrome', 'Blink'],
  [/Version\/(\d+(?:\.\d+)?).*Safari\//, 'SF', 'Safari', 'WebKit'],
];

export function parseUserAgent(ua: string): ClientFacts {
  const facts: ClientFacts = {
    osCode: '', osName: '', osVersion: '', clientType: '', clientCode: '', clientName: '', clientVersion: '',
    clientEngine: '', clientEngineVersion: '', deviceName: '', deviceBrand: '', deviceModel: '',
  };
  for (const [re, code, name] of OSES) {
    const m = re.exec(ua);
    if (!m) continue;
    Object.assign(facts, { osCode: code, osName: name, osVersion: (m[1] ?? '').replace(/_/g, '.') });
    break;
  }
  for (const [re, code, name, engine] of CLIENTS) {
    const m = re.exec(ua);
    if (!m) continue;
    const version = m[1] ?? '';
    Object.assign(facts, {
      clientType: 'browser',
      clientCode: code,
      clientName: name,
      clientVersion: version,
      clientEngine: engine,
      clientEngineVersion: engine === 'WebKit' ? (/AppleWebKit\/(\d+(?:\.\d+)?)/.exec(ua)?.[1] ?? '') : version,
    });
    break;
  }
  if (facts.clientName || facts.osName) {
    facts.deviceName = /iPad|Tablet/.test(ua) ? 'tablet' : /Mobi|iPhone|Android/.test(ua) ? 'smartphone' : 'desktop';
    if (/iPhone|iPad|Macintosh/.test(ua)) facts.deviceBrand = 'Apple';
  }
  return facts;
}
