/**
 * What every workspace has besides its projects: users (the first is the owner and admin), teams,
 * forms, the customers its estimates are addressed to and the company block of those estimates.
 */
import type { CompanySpec, CustomerSpec, FormSpec, TeamSpec, UserSpec } from '../catalogues';
import type { SimForm, SimProject, SimTeam, SimUser, SimWorkspace } from '../types';
import type { EstimateContext } from './estimates';
import { buildForms } from './forms';
import type { Gen } from './gen';
import { buildCustomers, buildTeams, buildUsers, type Customer } from './people';

export interface WorkspacePartsSpec {
  name: string;
  company: CompanySpec;
  users: UserSpec[];
  teams: TeamSpec[];
  forms: FormSpec[];
  customers: CustomerSpec[];
}

export interface WorkspaceParts {
  id: string;
  users: SimUser[];
  teams: SimTeam[];
  forms: SimForm[];
  customers: Customer[];
  company: EstimateContext['company'];
}

export function buildWorkspaceParts(g: Gen, spec: WorkspacePartsSpec): WorkspaceParts {
  const id = g.ids.uuid();
  const users = buildUsers(g, spec.users);
  const teams = buildTeams(g, users, spec.teams);
  const forms = buildForms(g, spec.forms);
  const customers = buildCustomers(g, spec.customers);
  const company = { id: g.ids.uuid(), company: spec.name, ...spec.company };
  return { id, users, teams, forms, customers, company };
}

export interface WorkspaceIdentity {
  name: string;
  customer: string;
  key: string;
  formats: string[];
  logo: string | null;
}

export function workspaceRecord(
  parts: WorkspaceParts,
  identity: WorkspaceIdentity,
  projects: SimProject[],
): SimWorkspace {
  return {
    id: parts.id,
    name: identity.name,
    customer: identity.customer,
    key: identity.key,
    owner_id: (parts.users[0] as SimUser).id,
    users: parts.users,
    teams: parts.teams,
    webhook_url: null,
    formats: [...identity.formats],
    logo: identity.logo,
    forms: parts.forms,
    projects,
  };
}
