/**
 * The benchmark data set (`--data large`): one workspace of 5,000 projects, the first of which
 * ("Benchmark Tower") has an estimate of exactly 20,000 items. It borrows the Nordlicht demo
 * workspace's company, customers, first form and estimate names.
 */
import { LARGE, NORDLICHT } from './catalogues';
import { buildEstimate, estimateTimes, type EstimateContext } from './build/estimates';
import { buildFiles } from './build/files';
import type { Gen } from './build/gen';
import { buildAddress } from './build/people';
import { buildPlan } from './build/plans';
import { buildWorkspaceParts, workspaceRecord } from './build/workspace';
import { pad } from './numbers';
import { Prng } from './prng';
import { BASE_MS, DAY, HOUR, isoMicro } from './time';
import type { SimDataset, SimEstimate, SimFloor, SimProject, SimUser } from './types';

export const LARGE_SEED = 20260402;
const LARGE_PROJECT_COUNT = 5_000;
const LARGE_ESTIMATE_ITEMS = 20_000;
const QUOTE_ITEMS = 2_000;

/** Deterministic. */
export function generateLargeDataset(): SimDataset {
  const rng = new Prng(LARGE_SEED).fork('content');
  const ids = new Prng(LARGE_SEED).fork('ids');
  const g: Gen = { rng, ids, lang: 'de' };
  const parts = buildWorkspaceParts(g, {
    name: LARGE.name,
    company: NORDLICHT.company,
    users: LARGE.users,
    teams: LARGE.teams,
    forms: NORDLICHT.forms.slice(0, 1),
    customers: NORDLICHT.customers,
  });
  const { users, teams, customers, company } = parts;

  const projects: SimProject[] = [];
  let estimateNumber = 0;
  for (let i = 0; i < LARGE_PROJECT_COUNT; i++) {
    const bench = i === 0;
    const name = bench ? 'Benchmark Tower' : `${rng.pick(LARGE.projectKinds)} ${pad(i, 5)}`;
    const customer = rng.pick(customers);
    const created = BASE_MS + rng.int(0, 90 * 24 * 3600) * 1000;
    const modified = created + rng.int(3600, 20 * 24 * 3600) * 1000;
    const archived = !bench && rng.chance(0.05);
    const plan = buildPlan(
      g,
      name,
      !bench && rng.chance(0.05) ? 'imperial' : 'metric',
      created + 5000,
      modified,
      {
        floors: bench ? [3, 3] : [1, 1],
        rooms: bench ? [4, 6] : [1, 2],
        sparse: !bench,
      },
    );
    const project: SimProject = {
      id: ids.uuid(),
      name,
      external_reference_id: bench ? 'BENCH-20000' : rng.chance(0.6) ? `BENCH-${pad(i, 5)}` : null,
      thumbnail_url: (plan.floors[0] as SimFloor).image_map.url,
      assignee_id: rng.pick(users).id,
      creator_id: (users[0] as SimUser).id,
      team_id: rng.chance(0.5) ? rng.pick(teams).id : null,
      user_created: isoMicro(created, rng.int(0, 999_999)),
      user_modified: isoMicro(modified, rng.int(0, 999_999)),
      archived_at: archived ? isoMicro(modified, rng.int(0, 999_999)) : null,
      address: buildAddress(rng, 'DE', true),
      plan,
      estimates: [],
      files: [],
    };
    const ctx: EstimateContext = {
      project,
      projectDescription: '',
      addressId: ids.uuid(),
      customer,
      company,
      users,
      workspaceHasLogo: true,
      country: 'DE',
    };
    const estimateCount = bench ? 1 : rng.chance(0.6) ? 1 : 0;
    for (let e = 0; e < estimateCount; e++) {
      const times = estimateTimes(rng, created);
      estimateNumber += 1;
      project.estimates.push(
        buildEstimate(g, ctx, {
          name: bench ? 'Benchmark estimate 20k' : rng.pick(NORDLICHT.estimateNames),
          number: estimateNumber,
          itemCount: bench ? LARGE_ESTIMATE_ITEMS : rng.int(5, 12),
          currency: 'EUR',
          ...times,
          groupShare: bench ? 0.1 : 0.2,
        }),
      );
    }
    if (bench) project.estimates.push(benchmarkQuote(ctx, created));
    project.files = buildFiles(g, LARGE.fileNames, rng.int(0, 2), created + HOUR, created + 30 * DAY);
    projects.push(project);
  }

  return { version: 1, seed: LARGE_SEED, workspaces: [workspaceRecord(parts, LARGE, projects)] };
}

/**
 * Benchmark Tower's second estimate, of 2,000 items: the size of the PDF benchmarks. Made from
 * random streams of its own, so the rest of the data set is exactly as without it.
 */
function benchmarkQuote(ctx: EstimateContext, projectCreated: number): SimEstimate {
  const g: Gen = {
    rng: new Prng(LARGE_SEED).fork('quote-2k'),
    ids: new Prng(LARGE_SEED).fork('quote-2k-ids'),
    lang: 'de',
  };
  return buildEstimate(g, ctx, {
    name: 'Benchmark quote 2k',
    number: 99_999,
    itemCount: QUOTE_ITEMS,
    currency: 'EUR',
    ...estimateTimes(g.rng, projectCreated),
    groupShare: 0.1,
  });
}
