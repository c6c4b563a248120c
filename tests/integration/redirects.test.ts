import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { ServiceError } from '../../src-main/errors/service-error';

// Two real servers on different ports (= different origins): the "service" and a foreign host.
let service: http.Server;
let foreign: http.Server;
let serviceUrl = '';
let foreignUrl = '';
const seenByForeign: http.IncomingHttpHeaders[] = [];
const seenByService: http.IncomingHttpHeaders[] = [];

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  foreign = http.createServer((req, res) => {
    seenByForeign.push(req.headers);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data: { name: 'Foreign' } }));
  });
  service = http.createServer((req, res) => {
    seenByService.push(req.headers);
    res.setHeader('content-type', 'application/json');
    if (req.url === '/api/v2/workspace') {
      res.writeHead(302, { location: `${foreignUrl}/elsewhere` }).end();
    } else if (req.url === '/api/v2/projects/moved') {
      res.writeHead(301, { location: '/api/v2/projects/here' }).end();
    } else if (req.url === '/api/v2/projects/here') {
      res.end(JSON.stringify({ data: { id: 'here', name: req.headers.key ? 'with key' : 'without key' } }));
    } else if (req.url === '/api/v2/teams/bad') {
      res.end(JSON.stringify({ data: { id: { nested: true }, name: 42 } }));
    } else if (req.url === '/api/v2/projects/insecure') {
      res.writeHead(302, { location: 'http://example.com/steal' }).end();
    } else {
      res.writeHead(404).end(JSON.stringify({ message: 'nope' }));
    }
  });
  foreignUrl = await listen(foreign);
  serviceUrl = await listen(service);
});

afterAll(async () => {
  await new Promise((r) => service.close(r));
  await new Promise((r) => foreign.close(r));
});

const make = () =>
  new ApiClient({ baseUrl: `${serviceUrl}/api/v2`, customer: 'cust-1', key: 'secret-key-abcdef' });

describe('redirects and credentials', () => {
  it('never sends customer/key across an origin-changing redirect', async () => {
    const ws = await make().getWorkspace();
    expect(ws.name).toBe('Foreign');
    expect(seenByForeign).toHaveLength(1);
    expect(seenByForeign[0]!.key).toBeUndefined();
    expect(seenByForeign[0]!.customer).toBeUndefined();
    expect(seenByService.at(-1)!.key).toBe('secret-key-abcdef');
  });

  it('keeps them on a same-origin redirect', async () => {
    expect((await make().getProject('moved')).name).toBe('with key');
  });

  it('refuses to follow a redirect to plain http elsewhere', async () => {
    await expect(make().getProject('insecure')).rejects.toMatchObject({ kind: 'network' });
  });

  it('a body of the wrong shape is an invalid-response naming the field', async () => {
    const err = await make()
      .getTeam('bad')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).kind).toBe('invalid-response');
    expect((err as ServiceError).message).toMatch(/at id/);
  });
});
