/**
 * The shapes of the generator's catalogues (the JSON files in this folder).
 */
import type { SimCompany, SimForm, SimFormElement } from '../types';

export type Lang = 'de' | 'fr';
export type Localized = Record<Lang, string>;

export type RoomType = 'living' | 'kitchen' | 'bathroom' | 'bedroom' | 'hallway' | 'office';

export interface ObjectSpec {
  symbol: string;
  name: Localized;
  /** Metres. */
  w: number;
  h: number;
  d: number;
  onWall: boolean;
}

export type Unit = 'm²' | 'm' | 'pcs' | 'h';

export interface PositionTemplate {
  name: Localized;
  unit: Unit;
  /** Unit price ranges in cents. */
  labor: [number, number];
  material: [number, number];
  equipment?: [number, number];
  other?: [number, number];
  description?: Localized;
}

export interface Trade {
  name: Localized;
  positions: PositionTemplate[];
}

export type Country = 'DE' | 'FR' | 'PT' | 'ES' | 'CH';

export interface City {
  city: string;
  postal: string;
  country: Country;
  region: string;
  lat: number;
  lon: number;
  streets: string[];
}

export interface CustomerSpec {
  firstname: string;
  lastname: string;
  company: string;
  country: Country;
  /** The country where this customer's projects are (defaults to the customer's). */
  projectCountry?: Country;
}

export interface UserSpec {
  firstname: string;
  lastname: string;
  email: string;
}

export interface TeamSpec {
  name: string;
  /** Indexes into the workspace's users. */
  members: number[];
}

/** The workspace's company details, as every estimate's company block repeats them. */
export type CompanySpec = Omit<SimCompany, 'id' | 'logo_url' | 'watermark_url' | 'company'>;

export interface FormSpecElement {
  section?: string;
  question?: string;
  input?: SimFormElement['input'];
  options?: string[];
  required?: boolean;
  children?: FormSpecElement[];
}

export interface FormSpec {
  name: string;
  context: SimForm['context'];
  children: FormSpecElement[];
}

export interface ProjectSpec {
  name: string;
  country?: Country;
  city?: string;
  street?: string;
}

export interface WorkspaceSpec {
  label: string;
  lang: Lang;
  name: string;
  customer: string;
  key: string;
  logo: string | null;
  formats: string[];
  users: UserSpec[];
  teams: TeamSpec[];
  forms: FormSpec[];
  company: CompanySpec;
  customers: CustomerSpec[];
  /** Project name plus optional address overrides (country, city name, street with number). */
  projects: ProjectSpec[];
  externalRefs: number[];
  estimateNames: string[];
  fileNames: string[];
}

export interface LargeWorkspaceSpec {
  name: string;
  customer: string;
  key: string;
  logo: string;
  formats: string[];
  users: UserSpec[];
  teams: TeamSpec[];
  /** Project names are a kind and a number. */
  projectKinds: string[];
  fileNames: string[];
}
