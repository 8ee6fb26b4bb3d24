/** Problem details a client can branch on, request ids, and the page behind every problem type. */
import { describe, expect, it } from 'vitest';
import { PROBLEM_TYPES } from '../schemas/problem-types.ts';
import { useGatewaySuite } from './helpers/gateway-suite.ts';

const suite = useGatewaySuite();
const { keys, call } = suite;
const codeOf = (json: unknown) => (json as { code: string }).code;

describe('problem details', () => {
  it('names each refusal with a stable code whose type page explains it', async () => {
    expect(codeOf((await call('/api/cards')).json)).toBe('key-missing');
    expect(codeOf((await call('/api/cards', { 'X-API-Key': 'cr_nope' })).json)).toBe('key-invalid');
    expect(codeOf((await call('/api/cards', { 'X-API-Key': suite.revoked })).json)).toBe('key-revoked');
    expect(codeOf((await call('/api/programs', { 'X-API-Key': keys.free })).json)).toBe('tier-too-low');
    expect(codeOf((await call('/api/nothing-here', { 'X-API-Key': keys.free })).json)).toBe('not-found');
    expect(codeOf((await call('/api/cards', {}, 'DELETE')).json)).toBe('method-not-allowed');
  });

  it('names the parameter and what it allows', async () => {
    const unknown = (await call('/api/cards?colour=blue', { 'X-API-Key': keys.free })).json as { parameter: string; allowed: string[] };
    expect(unknown).toMatchObject({ code: 'parameter-unknown', parameter: 'colour' });
    expect(unknown.allowed).toEqual(expect.arrayContaining(['issuer', 'page']));
    const invalid = (await call('/api/cards?page=zero', { 'X-API-Key': keys.free })).json as { parameter: string; allowed: string };
    expect(invalid).toMatchObject({ code: 'parameter-invalid', parameter: 'page' });
    expect(invalid.allowed).toContain('integer');
    const missing = (await call('/api/cards/no-such-card', { 'X-API-Key': keys.free })).json as { detail: string };
    expect(missing).toMatchObject({ code: 'not-found', instance: '/api/cards/no-such-card' });
    expect(missing.detail).toContain('id=no-such-card');
  });

  it('answers an unknown filter value with 400 and the values it allows, and an unknown lookup with 404', async () => {
    const filter = (await call('/api/cards?issuer=nobank', { 'X-API-Key': keys.free })).json as { allowed: string[] };
    expect(filter).toMatchObject({ code: 'parameter-invalid', status: 400, parameter: 'issuer' });
    expect(filter.allowed).toEqual(expect.arrayContaining(['amex', 'chase', 'citi']));
    expect(codeOf((await call('/api/compute/best-card?merchant=no-such-shop', { 'X-API-Key': keys.starter })).json)).toBe('not-found');
  });

  it('serves a page for every problem type and an index of them', async () => {
    for (const code of Object.keys(PROBLEM_TYPES)) {
      const page = await call(`/problems/${code}`);
      expect(page.status, code).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain(code);
    }
    expect((await call('/problems')).text).toContain('/problems/quota-exceeded');
  });
});

describe('request ids', () => {
  it('echoes a well-formed X-Request-Id, replaces a malformed one, and puts it in the problem document', async () => {
    expect((await call('/healthz', { 'X-Request-Id': 'trace-42.a' })).headers['x-request-id']).toBe('trace-42.a');
    const replaced = await call('/api/cards', { 'X-Request-Id': 'bad id with spaces' });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((replaced.json as { request_id: string }).request_id).toBe(replaced.headers['x-request-id']);
  });
});
