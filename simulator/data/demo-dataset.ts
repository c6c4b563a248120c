/**
 * The demo data set (`resources/demo/dataset.json`): two workspaces, one German and one French, of
 * about thirty projects each, with the edge cases the app and the tests need.
 */
import { CITIES, LUMIERE, NORDLICHT, PROJECT_DESCRIPTIONS, type WorkspaceSpec } from './catalogues';
import { buildEstimate, estimateTimes, type EstimateContext } from './build/estimates';
import { buildFiles } from './build/files';
import type { Gen } from './build/gen';
import { buildAddress } from './build/people';
import { buildPlan } from './build/plans';
import { buildWorkspaceParts, workspaceRecord } from './build/workspace';
import { pad } from './numbers';
import { Prng } from './prng';
import { BASE_MS, DAY, HOUR, isoMicro } from './time';
import type { SimDataset, SimFloor, SimProject, SimUser, SimWorkspace, UnitSystem } from './types';

export const DEMO_SEED = 20260401;

interface DemoCounters {
  estimateNumber: number;
  chfUsed: boolean;
}

function buildDemoWorkspace(
  seed: number,
  ids: Prng,
  spec: WorkspaceSpec,
  counters: DemoCounters,
): SimWorkspace {
  const rng = new Prng(seed).fork(`workspace:${spec.label}`);
  const g: Gen = { rng, ids, lang: spec.lang };
  const parts = buildWorkspaceParts(g, spec);
  const { users, teams, customers, company } = parts;

  const n = spec.projects.length;
  const indices = Array.from({ length: n }, (_, i) => i);
  const archived = new Set(rng.sample(indices, spec.lang === 'de' ? 5 : 4));
  const imperial = new Set(rng.sample(indices, 3));
  const withRef = rng.sample(indices, Math.round(n * 0.6));
  const refs = new Map<number, string>();
  withRef.forEach((projectIndex, i) => {
    const number = spec.externalRefs[i] ?? 300 + i;
    refs.set(projectIndex, `CRM-2026-${pad(number, 4)}`);
  });
  // Paging edge cases for the files list (10 per page): exactly 10, 12 and 23 files.
  const manyFiles = rng.sample(indices, 3);
  const fileCounts = new Map<number, number>([
    [manyFiles[0] as number, 12],
    [manyFiles[1] as number, 23],
    [manyFiles[2] as number, 10],
  ]);

  const projects: SimProject[] = spec.projects.map((p, index) => {
    // Each part of a project draws from its own sub-stream, so tuning one part (say, estimate
    // sizes) leaves the others unchanged.
    const planGen: Gen = { ...g, rng: rng.fork(`plan:${index}`) };
    const estimateGen: Gen = { ...g, rng: rng.fork(`estimates:${index}`) };
    const fileGen: Gen = { ...g, rng: rng.fork(`files:${index}`) };
    const customer = rng.pick(customers);
    const cityOverride = CITIES.find((c) => c.city === p.city);
    const country =
      cityOverride?.country ?? p.country ?? customer.spec.projectCountry ?? customer.spec.country;
    const projectId = ids.uuid();
    const created = BASE_MS + rng.int(0, 75 * 24 * 3600) * 1000;
    let modified = created + rng.int(3600, 20 * 24 * 3600) * 1000;
    let archivedAt: string | null = null;
    if (archived.has(index)) {
      modified += rng.int(600, 5 * 24 * 3600) * 1000;
      archivedAt = isoMicro(modified, rng.int(0, 999_999));
    }
    const units: UnitSystem = imperial.has(index) ? 'imperial' : 'metric';
    const plan = buildPlan(planGen, p.name, units, created + 5000, modified, {
      floors: [1, 3],
      rooms: [2, 6],
      sparse: false,
    });
    const address = buildAddress(rng, country, rng.chance(0.9), p);
    const firstFloor = plan.floors[0] as SimFloor;
    const project: SimProject = {
      id: projectId,
      name: p.name,
      external_reference_id: refs.get(index) ?? null,
      thumbnail_url: rng.chance(0.85) ? firstFloor.image_map.url : null,
      assignee_id: rng.pick(users).id,
      creator_id: rng.chance(0.5) ? (users[0] as SimUser).id : rng.pick(users).id,
      team_id: rng.chance(0.7) ? rng.pick(teams).id : null,
      user_created: isoMicro(created, rng.int(0, 999_999)),
      user_modified: archivedAt ?? isoMicro(modified, rng.int(0, 999_999)),
      archived_at: archivedAt,
      address,
      plan,
      estimates: [],
      files: [],
    };

    const estimateCount = estimateGen.rng.weighted([0, 1, 2, 3], [1, 8, 2, 1]);
    const ctx: EstimateContext = {
      project,
      projectDescription: rng.pick(PROJECT_DESCRIPTIONS[spec.lang]),
      addressId: ids.uuid(),
      customer,
      company,
      users,
      workspaceHasLogo: spec.logo !== null,
      country: country,
    };
    const er = estimateGen.rng;
    for (const name of er.sample(spec.estimateNames, estimateCount)) {
      const times = estimateTimes(er, created);
      const itemCount = er.chance(0.85) ? er.int(15, 19) : er.int(20, 80);
      // One estimate in Swiss francs, for the first Swiss customer's project.
      let currency = 'EUR';
      if (customer.spec.country === 'CH' && !counters.chfUsed) {
        currency = 'CHF';
        counters.chfUsed = true;
      }
      counters.estimateNumber += 1;
      project.estimates.push(
        buildEstimate(estimateGen, ctx, {
          name,
          number: counters.estimateNumber,
          itemCount,
          currency,
          ...times,
          groupShare: 0.22,
        }),
      );
    }

    const fileCount = fileCounts.get(index) ?? fileGen.rng.int(1, 4);
    project.files = buildFiles(fileGen, spec.fileNames, fileCount, created + HOUR, created + 30 * DAY);
    return project;
  });

  return workspaceRecord(parts, spec, projects);
}

/** The demo data set: two workspaces, ~30 projects each. Deterministic. */
export function generateDemoDataset(): SimDataset {
  const ids = new Prng(DEMO_SEED).fork('ids');
  const counters: DemoCounters = { estimateNumber: 0, chfUsed: false };
  const nordlicht = buildDemoWorkspace(DEMO_SEED, ids, NORDLICHT, counters);
  // Each workspace numbers its estimates on its own.
  counters.estimateNumber = 0;
  const lumiere = buildDemoWorkspace(DEMO_SEED, ids, LUMIERE, counters);
  return { version: 1, seed: DEMO_SEED, workspaces: [nordlicht, lumiere] };
}
