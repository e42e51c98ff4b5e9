import { expect } from 'vitest';
import { expectSchema } from './openapi.js';
import { xmlView, type Body, type Client } from './harness.js';

type Obj = Record<string, unknown>;
export const obj = (v: unknown): Obj => v as Obj;
export const list = (v: unknown): Obj[] => (v ?? []) as Obj[];

/** Answers checked in both formats: JSON against the reference's schema, XML saying exactly what JSON says. */
export function checks(api: Client) {
  const both = async (method: string, params: Record<string, string> = {}, c: Client = api): Promise<{ json: Body; xml: Obj }> => {
    const json = await c.json(method, params);
    expect(json.error, method).toBeUndefined();
    expect(json.status).toBe('ok');
    expectSchema(method, { 'subsonic-response': json });
    const { doc, lists } = await c.xml(method, params);
    const root = obj(doc['subsonic-response']);
    expect(root.status, method).toBe('ok');
    expect(lists, method).toEqual({ 'subsonic-response': [{ xmlns: 'http://subsonic.org/restapi', ...obj(xmlView(json)) }] });
    return { json, xml: root };
  };
  /** A write in JSON, checked against the schema (its XML form is checked with `xmlOk`). */
  const once = async (method: string, params: Record<string, string> = {}, c: Client = api): Promise<Body> => {
    const json = await c.json(method, params);
    expect(json.error, `${method} ${JSON.stringify(json.error)}`).toBeUndefined();
    expect(json.status).toBe('ok');
    expectSchema(method, { 'subsonic-response': json });
    return json;
  };
  /** The XML form of a call: well formed, `ok`, in the protocol's namespace; the parsed root. */
  const xmlOk = async (method: string, params: Record<string, string> = {}, c: Client = api): Promise<Obj> => {
    const { doc } = await c.xml(method, params);
    const root = obj(doc['subsonic-response']);
    expect(root.status, `${method} ${JSON.stringify(root.error)}`).toBe('ok');
    expect(root.xmlns).toBe('http://subsonic.org/restapi');
    return root;
  };
  const failure = async (method: string, params: Record<string, string>, code: number, c: Client = api) => {
    const json = await c.json(method, params);
    expect(json.status, method).toBe('failed');
    expect(json.error?.code, `${method} ${JSON.stringify(json.error)}`).toBe(code);
    expectSchema('ping', { 'subsonic-response': json });
    const { doc } = await c.xml(method, params);
    const error = obj(obj(doc['subsonic-response']).error);
    expect(Number(error.code)).toBe(code);
    return json;
  };
  return { both, once, xmlOk, failure };
}
