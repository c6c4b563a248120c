/**
 * The simulator's admin API under /_sim: faults, variants, clock, key revocation, Custom Export,
 * estimate and plan edits (as a user of the service would make them), statistics. No credentials, no faults, no rate limits; loopback callers only.
 */
import { applyEstimateEdit, parseEstimateEdit } from './estimate-edit';
import { applyPlanEdit, parsePlanEdit } from './plan-edit';
import { badRequest, isPlainObject, json, notFound, type Reply } from './http-util';
import { Router } from './router';
import type { FaultControls } from './sim-types';
import type { SimState } from './state';

export interface AdminContext {
  sim: SimState;
  controls: FaultControls;
  body(): Promise<unknown>;
}

async function objectOrEmpty(ctx: AdminContext): Promise<Record<string, unknown>> {
  const body = await ctx.body();
  if (body === undefined) return {};
  if (!isPlainObject(body)) throw badRequest('Request body must be a JSON object');
  return body;
}

export function createAdminRouter(): Router<AdminContext> {
  return new Router<AdminContext>()
    .add('GET', '/faults', (ctx) => json({ faults: ctx.sim.faults.snapshot() }))
    .add('POST', '/faults', async (ctx) => {
      ctx.controls.setFaults(await objectOrEmpty(ctx));
      return json({ faults: ctx.sim.faults.snapshot() });
    })
    .add('DELETE', '/faults', (ctx) => {
      ctx.controls.clearFaults();
      return json({ faults: ctx.sim.faults.snapshot() });
    })
    .add('GET', '/variants', (ctx) => json({ variants: ctx.sim.variants }))
    .add('POST', '/variants', async (ctx) => {
      ctx.controls.setVariants(await objectOrEmpty(ctx));
      return json({ variants: ctx.sim.variants });
    })
    .add('POST', '/clock', async (ctx): Promise<Reply> => {
      const body = await objectOrEmpty(ctx);
      const ms = body.advanceMs;
      if (typeof ms !== 'number' || !Number.isFinite(ms)) {
        throw badRequest('advanceMs must be a number', { advanceMs: ['must be a number'] });
      }
      ctx.controls.advanceClock(ms);
      return json({ offsetMs: ctx.sim.clockOffsetMs, now: new Date(ctx.sim.now()).toISOString() });
    })
    .add('POST', '/revoke', async (ctx) => {
      const body = await objectOrEmpty(ctx);
      if (typeof body.customer !== 'string') {
        throw badRequest('customer must be a string', { customer: ['must be a string'] });
      }
      if (!ctx.sim.store.workspaceByCustomer(body.customer)) throw notFound('Customer');
      ctx.controls.revoke(body.customer);
      return json({ revoked: body.customer });
    })
    .add('POST', '/projects/:id/custom-export', async (ctx, p) => {
      const body = await objectOrEmpty(ctx);
      if (body.email !== undefined && typeof body.email !== 'string') {
        throw badRequest('email must be a string', { email: ['must be a string'] });
      }
      if (!p.id || !ctx.sim.store.findProject(p.id)) throw notFound('Project');
      return json(await ctx.controls.customExport(p.id, { email: body.email as string | undefined }));
    })
    .add('POST', '/projects/:id/estimates/:estimateId/edit', async (ctx, p) => {
      const edit = parseEstimateEdit(await objectOrEmpty(ctx));
      const estimate = ctx.sim.store
        .findProject(p.id ?? '')
        ?.project.estimates.find((e) => e.id === p.estimateId);
      if (!estimate) throw notFound('Estimate');
      applyEstimateEdit(estimate, edit, ctx.sim.now());
      return json({
        modified: estimate.modified,
        items: estimate.items.length,
        totals: estimate.estimate_totals,
      });
    })
    .add('POST', '/plans/:planId/edit', async (ctx, p) => {
      const body = await objectOrEmpty(ctx);
      const project = ctx.sim.store.workspaces
        .map((ws) => ws.projectByPlanId(p.planId ?? ''))
        .find((x) => x !== undefined);
      if (!project) throw notFound('Plan');
      applyPlanEdit(project.plan, parsePlanEdit(body, project.plan), ctx.sim.now());
      return json({
        modified: project.plan.modified,
        rooms: project.plan.floors.flatMap((f) =>
          f.rooms.map((r) => ({ id: r.id, floor: f.id, name: r.name })),
        ),
      });
    })
    .add('GET', '/stats', (ctx) => json(ctx.controls.stats()));
}
