import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemDetailsSchema } from '../../src-preload/contract/partner-api';
import { startDemo, type TestDemo } from './support/demo';

let t: TestDemo;
beforeAll(async () => {
  t = await startDemo();
});
afterAll(() => t.demo.close());

describe('Errors (contract: Errors 1-4)', () => {
  it('answers validation failures with 400 problem details carrying message', async () => {
    const result = await t.call('GET', '/entities/list?pageNumber=abc');
    expect(result.status).toBe(400);
    expect(problemDetailsSchema.parse(result.json)).toMatchObject({ status: 400, title: expect.any(String) });
    expect(result.json.message).toMatch(/pageNumber/);
  });

  it('answers not-found with 404 problem details carrying message', async () => {
    const result = await t.call('GET', '/users/00000000-0000-4000-8000-000000000000');
    expect(result.status).toBe(404);
    expect(result.json).toMatchObject({
      status: 404,
      message: expect.stringMatching(/not found/i),
      instance: expect.stringContaining('/api/v1/users/'),
    });
  });

  it('answers an unknown route with 404 problem details', async () => {
    const result = await t.call('GET', '/no-such-thing');
    expect(result.status).toBe(404);
    expect(result.json.status).toBe(404);
  });
});

describe('Request bodies (contract: application/json, text/json, application/*+json)', () => {
  const entityKey = () => [...t.state().entities.values()].find((e) => !e.entityTerminated)!.entityKey;
  for (const contentType of [
    'application/json',
    'text/json',
    'application/vnd.partner+json',
    'application/json; charset=utf-8',
  ]) {
    it(`accepts ${contentType}`, async () => {
      const result = await t.call('POST', `/entities/${entityKey()}/contacts`, {
        body: { contactName: 'Ana', contactSurname: 'Silva' },
        contentType,
      });
      expect(result.status).toBe(201);
      expect(result.json.contactName).toBe('Ana');
    });
  }

  it('refuses other media types with 415 problem details, and broken JSON with 400', async () => {
    const plain = await t.call('POST', `/entities/${entityKey()}/contacts`, {
      rawBody: 'contactName=Ana',
      contentType: 'text/plain',
    });
    expect(plain.status).toBe(415);
    expect(plain.json.status).toBe(415);
    const broken = await t.call('POST', `/entities/${entityKey()}/contacts`, {
      rawBody: '{"contactName":',
      contentType: 'text/json',
    });
    expect(broken.status).toBe(400);
  });

  it('serves JSON as application/json', async () => {
    const result = await t.call('GET', '/users/list');
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
