import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator/index';
import { resolveLocale } from '../../simulator/formatting';
import { admin, api, fixtureDataset, WS_A } from './simulator-fixture';

/** Checks the PNG signature, every chunk's CRC and that the image data inflates to the right size. */
function checkPng(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (table[(c ^ x) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  let pos = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    expect(buf.readUInt32BE(pos + 8 + len)).toBe(crc(buf.subarray(pos + 4, pos + 8 + len)));
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    }
    if (type === 'IDAT') idat.push(data);
    types.push(type);
    pos += 12 + len;
  }
  expect(types[0]).toBe('IHDR');
  expect(types.at(-1)).toBe('IEND');
  expect(inflateSync(Buffer.concat(idat)).length).toBe((width + 1) * height);
  return { width, height };
}

describe('simulator plans', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ dataset: fixtureDataset() });
  });
  afterAll(() => sim.close());

  it('serves the new plan shape with project_id and expanded image URLs', async () => {
    const r = await api(sim, '/plans/get/pl-p-a01');
    expect(r.status).toBe(200);
    const plan = r.json.data;
    expect(plan).toMatchObject({
      id: 'pl-p-a01',
      project_id: 'p-a01',
      unit_system: 'metric',
      door_count: 2,
      windows_count: 1,
    });
    expect(plan.statistics.area).toBe(63.6);
    const floor = plan.floors[0];
    expect(floor.image_map.url).toBe(`${sim.baseUrl}/plans/pl-p-a01/floors/pl-p-a01-f1/image.png`);
    expect(floor.values).toEqual({ ceilingHeight: 2.5, notes: '' });
    const room = floor.rooms[0];
    expect(room.image_map.url).toBe(`${sim.baseUrl}/plans/pl-p-a01/rooms/pl-p-a01-r1/image.png`);
    expect(room.walls).toHaveLength(2);
    expect(room.objects[0]).toMatchObject({ symbol_id: 'door_single', wall_uid: 'pl-p-a01-r1-w1' });
    expect(room.values.roomType).toBe('kitchen');
    expect(room).not.toHaveProperty('dimensions');
  });

  it('formats statistics in English by default', async () => {
    const plan = (await api(sim, '/plans/get/pl-p-a01')).json.data;
    expect(plan.statistics_formatted).toEqual({
      area: '63.6 m²',
      perimeter: '33.2 m',
      volume: '159.0 m³',
      walls_surface: '83.0 m²',
      floor_surface: '63.6 m²',
      ceiling_surface: '63.6 m²',
    });
    expect(plan.floors[0].rooms[0].formatted_dimensions).toBe('3.50 m × 4.20 m');
  });

  it('formats by Accept-Language: German uses a decimal comma', async () => {
    const plan = (await api(sim, '/plans/get/pl-p-a01', { headers: { 'Accept-Language': 'de-DE' } })).json
      .data;
    expect(plan.statistics_formatted.area).toBe('63,6 m²');
    expect(plan.floors[0].rooms[0].statistics_formatted.area).toBe('14,7 m²');
    expect(plan.floors[0].rooms[0].formatted_dimensions).toBe('3,50 m × 4,20 m');
    const fr = (await api(sim, '/plans/get/pl-p-a01', { headers: { 'Accept-Language': 'fr-FR' } })).json.data;
    expect(fr.statistics_formatted.area).toBe('63,6 m²');
    const other = (await api(sim, '/plans/get/pl-p-a01', { headers: { 'Accept-Language': 'it-IT' } })).json
      .data;
    expect(other.statistics_formatted.area).toBe('63.6 m²');
  });

  it('uses imperial units for an imperial plan and never another unit', async () => {
    const plan = (await api(sim, '/plans/get/pl-p-a03')).json.data;
    expect(plan.statistics_formatted.area).toBe('63.6 ft²');
    expect(plan.statistics_formatted.perimeter).toBe('33.2 ft');
    expect(plan.statistics_formatted.volume).toBe('159.0 ft³');
    expect(plan.floors[0].rooms[0].formatted_dimensions).toBe('3.50 ft × 4.20 ft');
    expect(JSON.stringify(plan.statistics_formatted)).not.toMatch(/m²|m³| m"/);
  });

  it('picks the request language from a header with several tags', () => {
    expect(resolveLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(resolveLocale('it-IT, es-ES;q=0.5')).toBe('es-ES');
    expect(resolveLocale('pt-pt')).toBe('pt-PT');
    expect(resolveLocale('de')).toBe('en-US');
    expect(resolveLocale(undefined)).toBe('en-US');
  });

  it('serves the legacy plan shape under the live variant', async () => {
    await admin(sim, '/variants', 'POST', { legacyPlanShape: true });
    try {
      const r = await api(sim, '/plans/get/pl-p-a01');
      const d = r.json.data;
      expect(d.plan).toMatchObject({
        id: 'pl-p-a01',
        name: 'Kitchen Renovation',
        created_by: { email: 'alice@acme.test' },
      });
      expect(d.plan_detail.plan).toMatchObject({
        uid: 'pl-p-a01',
        formatted: { area: '63.6 m²', perimeter: '33.2 m', volume: '159.0 m³', walls_surface: '83.0 m²' },
        area: 63.6,
        perimeter: 33.2,
        wall_count: 2,
        door_count: 2,
        window_count: 1,
        floor_count: 1,
        room_count: 1,
      });
      expect(d.xml).toMatch(/^<plan uid="pl-p-a01"/);
    } finally {
      await admin(sim, '/variants', 'POST', { legacyPlanShape: false });
    }
  });

  it('serves floor and room images as valid PNGs', async () => {
    const floor = await fetch(`${sim.baseUrl}/plans/pl-p-a01/floors/pl-p-a01-f1/image.png`, {
      headers: { ...WS_A },
    });
    expect(floor.status).toBe(200);
    expect(floor.headers.get('content-type')).toBe('image/png');
    const first = Buffer.from(await floor.arrayBuffer());
    expect(checkPng(first)).toEqual({ width: 400, height: 300 });
    const again = Buffer.from(
      await (
        await fetch(`${sim.baseUrl}/plans/pl-p-a01/floors/pl-p-a01-f1/image.png`, { headers: { ...WS_A } })
      ).arrayBuffer(),
    );
    expect(again.equals(first)).toBe(true);
    const room = await fetch(`${sim.baseUrl}/plans/pl-p-a01/rooms/pl-p-a01-r1/image.png`, {
      headers: { ...WS_A },
    });
    expect(checkPng(Buffer.from(await room.arrayBuffer()))).toEqual({ width: 200, height: 150 });
    expect((await api(sim, '/plans/pl-p-a01/floors/nope/image.png')).status).toBe(404);
    const logo = await fetch(`${sim.baseUrl}/workspace/logo.png`, { headers: { ...WS_A } });
    checkPng(Buffer.from(await logo.arrayBuffer()));
  });

  it('lists plan export files one format per call', async () => {
    const r = await api(sim, '/plans/pl-p-a01/files?format[]=pdf');
    expect(r.status).toBe(200);
    expect(r.json.photos).toEqual([]);
    expect(r.json.files).toHaveLength(1);
    const f = r.json.files[0];
    expect(f).toMatchObject({ name: 'plan.pdf', folder: 'export', file_type: 'pdf' });
    expect(Object.keys(f).sort()).toEqual(['file_type', 'folder', 'last_modified', 'name', 'size', 'url']);
    const dl = await fetch(f.url);
    const bytes = Buffer.from(await dl.arrayBuffer());
    expect(bytes.length).toBe(f.size);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api(sim, '/plans/pl-p-a01/files?format[]=png')).json.files).toEqual([]);
    expect((await api(sim, '/plans/pl-p-a01/files')).status).toBe(400);
    expect((await api(sim, '/plans/pl-p-a01/files?format[]=pdf&format[]=png')).status).toBe(400);
    expect((await api(sim, '/plans/nope/files?format[]=pdf')).status).toBe(404);
  });
});
