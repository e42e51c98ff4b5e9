/**
 * The XML form of a response, from the same value as its JSON form: scalars
 * become attributes, objects and arrays child elements (one element per array
 * item), a `value` key the element's text, and arrays of scalars elements
 * holding their text (`<isrc>X</isrc>`). null and undefined are left out.
 */
export type XmlValue = string | number | boolean | null | undefined | XmlObject | XmlValue[];
export interface XmlObject {
  [key: string]: XmlValue;
}

/** Characters XML 1.0 cannot hold at all (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/F). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Attribute and element names come from our own keys; anything else would be a bug. */
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
function checkName(name: string): string {
  if (!NAME.test(name)) throw new Error(`not an XML name: ${name}`);
  return name;
}

const isScalar = (v: XmlValue): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

const scalarText = (v: string | number | boolean) => escapeXml(String(v));

/** One element named `name` for `value`; `extraAttrs` is raw text already escaped (the root's xmlns). */
export function element(name: string, value: XmlValue, extraAttrs = ''): string {
  checkName(name);
  if (value == null) return '';
  if (isScalar(value)) return `<${name}${extraAttrs}>${scalarText(value)}</${name}>`;
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join('');
  let attrs = extraAttrs;
  let children = '';
  let text = '';
  for (const [key, v] of Object.entries(value)) {
    if (v == null) continue;
    if (key === 'value' && isScalar(v)) text = scalarText(v);
    else if (isScalar(v)) attrs += ` ${checkName(key)}="${scalarText(v)}"`;
    else children += element(key, v);
  }
  const body = text + children;
  return body ? `<${name}${attrs}>${body}</${name}>` : `<${name}${attrs}/>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
export const SUBSONIC_NS = 'http://subsonic.org/restapi';

/** The whole document for a `subsonic-response` value. */
export const toXml = (response: XmlObject): string =>
  XML_DECLARATION + element('subsonic-response', response, ` xmlns="${SUBSONIC_NS}"`);
